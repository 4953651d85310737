/** Product groups: greens (category cat-greens), named by kind rather than by fancy names. */
import type { ProductGroupDef } from '../product-group';
import type { Vocabulary } from '../variety-names';

/**
 * Greens are named by kind (eucalyptus, ruscus, fern, ...) with the qualifiers each kind really
 * comes with, and graded rather than given fancy names once those run out.
 */
const GREENS_VOCABULARY: Vocabulary = {
  families: [
    {
      adjectives: [
        'Silver Dollar',
        'Seeded',
        'Baby Blue',
        'Gunnii',
        'Parvifolia',
        'Willow',
        'Spiral',
        'Nicoly',
        'Cinerea',
        'Populus',
        'Round Leaf',
        'Feather',
        'Tasmanian',
        'Lemon',
        'Coastal',
        'Silver Drop',
      ],
      nouns: ['Eucalyptus'],
    },
    {
      adjectives: ['Italian', 'Israeli', 'Soft', 'Florida', 'Hard', 'Tall', 'Baby', 'Emerald'],
      nouns: ['Ruscus'],
    },
    {
      adjectives: [
        'Leatherleaf',
        'Tree',
        'Sword',
        'Boston',
        'Ming',
        'Sprengeri',
        'Coffee',
        'Emerald',
        'Maidenhair',
        'Umbrella',
        'Plumosa',
      ],
      nouns: ['Fern'],
    },
    {
      adjectives: [
        'Variegated',
        'Green',
        'Nigra',
        'Silver Sheen',
        'Golden',
        'Tenuifolium',
        'Dwarf',
      ],
      nouns: ['Pittosporum'],
    },
    {
      adjectives: ['Oregon', 'Washington', 'Coastal', 'Mountain'],
      nouns: ['Salal', 'Huckleberry'],
    },
    { adjectives: ['Variegated', 'Tall', 'Milky Way', 'Green'], nouns: ['Aspidistra'] },
    { adjectives: ['Variegated', 'English', 'Berried', 'Trailing'], nouns: ['Ivy'] },
    { adjectives: ['Variegated', 'Greek', 'Dwarf', 'Common'], nouns: ['Myrtle'] },
    {
      adjectives: [
        'Magnolia',
        'Camellia',
        'Olive',
        'Galax',
        'Ti',
        'Monstera',
        'Banana',
        'Palm',
        'Pistache',
        'Cedar',
        'Bay',
      ],
      nouns: ['Leaves', 'Branches'],
    },
  ],
  suffixes: ['Select', 'Premium', 'Fancy', 'Jumbo', 'Extra Long', 'Bulk', 'Mini', 'Tips'],
  colorWords: false,
};

export const GREENS: ProductGroupDef = {
  key: 'pg-greens',
  name: 'Greens',
  category: 'cat-greens',
  share: 0.035,
  countries: { US: 0.45, CR: 0.3, CO: 0.25 },
  lengths: [0],
  price: 0.4,
  refLength: 0,
  per10: 0,
  spread: 0.2,
  freightPerStem: 0.04,
  stemsPerBunch: [10, 20],
  bunchesInBox: [15, 20, 25],
  uom: [0.3, 0.6, 0.1],
  palette: [['green', 1]],
  named: [
    ['Italian Ruscus', 'green'],
    ['Leatherleaf Fern', 'green'],
    ['Silver Dollar Eucalyptus', 'green', ['fragrant']],
    ['Salal Tips', 'green'],
    ['Seeded Eucalyptus', 'green', ['fragrant']],
    ['Israeli Ruscus', 'green'],
    ['Baby Blue Eucalyptus', 'green', ['fragrant']],
    ['Pittosporum Variegated', 'green'],
    ['Myrtle', 'green'],
    ['Lemon Leaf', 'green'],
    ['Tree Fern', 'green'],
    ['Sword Fern', 'green'],
    ['Aspidistra', 'green'],
    ['Monstera Leaf', 'green'],
    ['Plumosa', 'green'],
  ],
  tags: { wedding: 0.3, longLasting: 0.5 },
  vocabulary: GREENS_VOCABULARY,
};
