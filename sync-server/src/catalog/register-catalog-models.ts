import { CATALOG_ENTITY_MODELS, type CatalogEntityModel } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { registerModel, type ModelRow } from '../config-models/model-registry';
import type { CatalogEntitiesRepository } from './catalog-entities-repository';

const entitiesOf = (app: AppContext): CatalogEntitiesRepository => app.repos.catalogEntities;

const loaders: Record<CatalogEntityModel, (app: AppContext) => Promise<ModelRow[]>> = {
  category: (app) => entitiesOf(app).categories(),
  color: (app) => entitiesOf(app).colors(),
  grower: (app) => entitiesOf(app).growers(),
  holidays: (app) => entitiesOf(app).holidays(),
  product_group: (app) => entitiesOf(app).productGroups(),
  disclaimer: (app) => entitiesOf(app).disclaimers(),
};

/**
 * The catalogue entities of spec §3 (`entities`: category, color, grower, holidays,
 * product_group, plus disclaimers) as public models of `POST /api/load_all_by_model`: any token
 * reads them, a visitor's included; none is editable through the model calls. Rows carry their
 * own `key`; `keys` picks rows by it.
 */
for (const name of CATALOG_ENTITY_MODELS) {
  const load = loaders[name];
  registerModel(name, {
    access: 'public',
    async load(app, keys) {
      const rows = await load(app);
      if (!keys) return rows;
      const wanted = new Set(keys);
      return rows.filter((row) => typeof row.key === 'string' && wanted.has(row.key));
    },
  });
}
