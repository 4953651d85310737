import { CARNATION, MINI_CARNATION } from './groups/carnations';
import { GYPSOPHILA, HYPERICUM } from './groups/filler';
import { GREENS } from './groups/greens';
import { DISBUD_MUM, POMPON } from './groups/mums';
import { DENDROBIUM, MOKARA } from './groups/orchids';
import { ROSE, SPRAY_ROSE, GARDEN_ROSE } from './groups/roses';
import { TULIP, PEONY, RANUNCULUS } from './groups/seasonal';
import { ALSTROEMERIA, HYDRANGEA, CALLA, LISIANTHUS, DELPHINIUM, STOCK } from './groups/specialty';
import { ANTHURIUM } from './groups/tropicals';
import type { ProductGroupDef } from './product-group';

/**
 * Every product group of the catalogue, in seed order. The order is part of the seed: growers and
 * varieties are drawn group by group, so moving a group changes every generated catalogue.
 */
export const PRODUCT_GROUPS: readonly ProductGroupDef[] = [
  ROSE,
  SPRAY_ROSE,
  GARDEN_ROSE,
  CARNATION,
  MINI_CARNATION,
  ALSTROEMERIA,
  HYDRANGEA,
  DISBUD_MUM,
  POMPON,
  GYPSOPHILA,
  TULIP,
  PEONY,
  RANUNCULUS,
  ANTHURIUM,
  DENDROBIUM,
  MOKARA,
  CALLA,
  LISIANTHUS,
  DELPHINIUM,
  STOCK,
  HYPERICUM,
  GREENS,
];
