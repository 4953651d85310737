import { useMemo } from 'react';
import type { CatalogQuery } from '@stemline/shared';
import type { CatalogModel } from './catalog-model';
import { filteredRows } from './catalog-view';
import { ProductDetail } from './product-detail';

/** Opens the detail of one variety of the model, with the rows the view's filters keep. */
export function ProductDetailHost({
  model,
  varietyKey,
  query,
  onClose,
}: {
  model: CatalogModel;
  varietyKey: string;
  query: CatalogQuery;
  onClose: () => void;
}) {
  const product = useMemo(
    () => model.products.find((candidate) => candidate.variety.key === varietyKey),
    [model, varietyKey],
  );
  if (!product) return null;
  return (
    <ProductDetail
      product={product}
      filteredRows={filteredRows(product, query)}
      snapshot={model.snapshot}
      onClose={onClose}
    />
  );
}
