import { formatCount } from '../money';

/** Texts of the catalogue. `spec` words (§2, §9) are spelled exactly as there; the rest are ours. */
export const catalogMessages = {
  // Spec §2 Catalog, §9.
  searchPlaceholder: 'Type any flower, color, farm or tag',
  sortMostPopular: 'Most popular',
  sortPriceLowHigh: 'Price low-high',
  showMore: 'Show more',
  // Ours.
  showLess: 'Show less',
  logInToSeePrices: 'Log in to see prices',
  browseBestDeal: 'Best deal',
  browseByFarm: 'By farm',
  viewGrid: 'Grid',
  viewList: 'List',
  noMatches: 'No flowers match',
  noMatchesHint: 'Try another word, or clear some filters.',
  clearFilters: 'Clear all filters',
  lengthFilterHint: 'Choose both a shortest and a longest length to filter by length.',
  /** '1 variety', '11,000 varieties'. */
  varieties: (count: number) => `${formatCount(count)} ${count === 1 ? 'variety' : 'varieties'}`,
  varietyCount: (count: number, date: string) => `${catalogMessages.varieties(count)} for ${date}`,
  /** Ours: before a delivery date is chosen, the catalogue and its prices are the first date's. */
  pricesForFirstDate: (date: string) => `Prices for the first delivery date, ${date}`,
  chooseYourDate: 'Choose your date',
  favorites: 'Favourites',
  noFavorites: 'No favourites yet',
  noFavoritesHint: 'Tap the heart on a flower to keep it here, online or offline.',
} as const;
