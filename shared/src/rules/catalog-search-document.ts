import type { Grower, Variety } from '../schemas/catalog';
import type { SearchText } from './catalog-search';

/**
 * How much a query word found in each field of a variety counts (spec §9's 'best matching'): the
 * product group and colour say what the flower is, above a name that only borrows the word ('rose'
 * puts Roses above a carnation named 'Rose Quartz', 'blue' a blue hydrangea above a purple one
 * named 'Blue Moon'); the farm and its country count least.
 */
export const SEARCH_FIELD_WEIGHTS = {
  group: 6,
  color: 6,
  category: 5,
  name: 5,
  tag: 3,
  searchName: 2,
  farm: 2,
  country: 1,
} as const;

/**
 * The texts a variety is found by, each with its field's weight: its name, group, category,
 * colour, tags and search name, and the name and country of each grower offering it on the date.
 * The app's catalogue model indexes exactly these (buildSearchIndex).
 */
export function varietySearchTexts(variety: Variety, growers: Iterable<Grower>): SearchText[] {
  const w = SEARCH_FIELD_WEIGHTS;
  const texts: SearchText[] = [
    { text: variety.name, weight: w.name },
    { text: variety.product_group_name, weight: w.group },
    { text: variety.category_name, weight: w.category },
    { text: variety.color_name, weight: w.color },
    { text: variety.search_name, weight: w.searchName },
    ...variety.tags.map((tag) => ({ text: tag, weight: w.tag })),
  ];
  for (const grower of growers) {
    texts.push(
      { text: grower.grower_name, weight: w.farm },
      { text: grower.country_name, weight: w.country },
    );
  }
  return texts;
}
