import type { SeedCategory } from './seed-entities';

/** The catalogue's categories, in the order the catalogue lists them. */
export const CATEGORIES: readonly SeedCategory[] = [
  { key: 'cat-roses', name: 'Roses' },
  { key: 'cat-carnations', name: 'Carnations' },
  { key: 'cat-mums', name: 'Mums & Pompons' },
  { key: 'cat-specialty', name: 'Specialty Flowers' },
  { key: 'cat-seasonal', name: 'Seasonal' },
  { key: 'cat-tropicals', name: 'Tropicals' },
  { key: 'cat-orchids', name: 'Orchids' },
  { key: 'cat-filler', name: 'Filler' },
  { key: 'cat-greens', name: 'Greens' },
];
