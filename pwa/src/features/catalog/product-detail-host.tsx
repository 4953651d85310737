import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { CatalogQuery } from '@stemline/shared';
import { preloadWhenIdle } from '../shell/preload-when-idle';
import type { CatalogModel } from './catalog-model';
import { filteredRows } from './catalog-view';

// The detail (its rows' Boxes fields, react-aria's number field) loads when first opened, and is
// fetched once the page is idle so that it opens offline on a first visit too (issue 28).
const loadProductDetail = () => import('./product-detail');
const ProductDetail = lazy(() => loadProductDetail().then((m) => ({ default: m.ProductDetail })));

/** Fetches the product detail's code once the page is idle (see preloadWhenIdle). */
export function usePreloadProductDetail(): void {
  useEffect(() => preloadWhenIdle([loadProductDetail]), []);
}

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
    <Suspense fallback={null}>
      <ProductDetail
        product={product}
        filteredRows={filteredRows(product, query)}
        snapshot={model.snapshot}
        onClose={onClose}
      />
    </Suspense>
  );
}
