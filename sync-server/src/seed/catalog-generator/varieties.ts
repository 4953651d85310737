import type { Variety } from '@stemline/shared';
import { DEFAULT_SORT_RANK } from '@stemline/shared';
import { CATEGORIES } from '../reference/categories';
import { COLORS, TINT_COLORS, TINT_WORDS, WEDDING_COLORS, type ColorId } from '../reference/colors';
import { PRODUCT_GROUPS } from '../reference/product-groups';
import { DEFAULT_VOCABULARY } from '../reference/variety-names';
import { Random } from '../random';
import { at } from './array-at';
import { uniqueVarietyName } from './unique-variety-name';
import { apportion } from './weighted-picks';

interface VarietyDraft {
  group: number;
  name: string;
  color: ColorId;
  tags: string[];
  named: boolean;
  /** Order within the group's named list (popularity), or -1. */
  namedIndex: number;
}

const TAG_ORDER = [
  'bestseller',
  'premium',
  'wedding',
  'fragrant',
  'long-lasting',
  'novelty',
  'tinted',
] as const;

/**
 * The varieties of the catalogue, spread over the product groups by their share: each group's
 * well-known varieties first, then generated names. Draws from its own random stream ('varieties').
 */
export function buildVarieties(seed: number, total: number): Variety[] {
  const rng = Random.derive(seed, 'varieties');
  const counts = apportion(
    total,
    PRODUCT_GROUPS.map((g) => g.share),
    1,
  );
  const colorById = new Map(COLORS.map((c) => [c.key.slice(4) as ColorId, c]));
  const drafts: VarietyDraft[] = [];

  PRODUCT_GROUPS.forEach((group, gi) => {
    const count = at(counts, gi);
    const used = new Set<string>();
    const paletteColors = group.palette.map(([c]) => c);
    const paletteWeights = group.palette.map(([, w]) => w);
    const vocabulary = group.vocabulary ?? DEFAULT_VOCABULARY;
    for (let k = 0; k < count; k++) {
      const named = group.named[k];
      let name: string;
      let color: ColorId;
      let explicit: readonly string[] = [];
      let tinted: boolean;
      if (named) {
        [name, color] = named;
        explicit = named[2] ?? [];
        tinted = explicit.includes('tinted');
      } else {
        tinted = rng.chance(group.tags.tinted ?? 0);
        color = tinted
          ? rng.pick(TINT_COLORS)
          : at(paletteColors, rng.weightedIndex(paletteWeights));
        const prefix = tinted ? rng.pick(TINT_WORDS) : '';
        name = uniqueVarietyName(rng, vocabulary, used, prefix, color);
      }
      used.add(name);
      const t = group.tags;
      const tags = new Set<string>(explicit);
      if (rng.chance((t.wedding ?? 0) * (WEDDING_COLORS.has(color) ? 1 : 0.15)) && !tinted) {
        tags.add('wedding');
      }
      if (rng.chance((t.premium ?? 0) * (named ? 2 : 1))) tags.add('premium');
      if (rng.chance(t.fragrant ?? 0)) tags.add('fragrant');
      if (rng.chance(t.longLasting ?? 0)) tags.add('long-lasting');
      if (!named && rng.chance(t.novelty ?? 0)) tags.add('novelty');
      if (tinted) tags.add('tinted');
      if (group.key === 'pg-greens' && name.includes('Eucalyptus')) tags.add('fragrant');
      drafts.push({
        group: gi,
        name,
        color,
        tags: [...tags],
        named: named !== undefined,
        namedIndex: named ? k : -1,
      });
    }
  });

  // Popularity: the well-known varieties first, weighted by how big their group is; most of the
  // long tail ranks below them, and about a third has no rank (the default sort rank).
  const ranks = new Map<VarietyDraft, number>();
  drafts
    .filter((d) => d.named)
    .map((d) => ({ d, score: at(PRODUCT_GROUPS, d.group).share / (1 + d.namedIndex * 0.6) }))
    .sort((a, b) => b.score - a.score || a.d.group - b.d.group || a.d.namedIndex - b.d.namedIndex)
    .forEach(({ d }, i) => ranks.set(d, i + 1));
  const namedCount = ranks.size;
  for (const d of drafts) {
    if (d.named) continue;
    ranks.set(d, rng.chance(0.35) ? DEFAULT_SORT_RANK : rng.int(namedCount + 1, 250_000));
  }

  rng.shuffle(drafts);
  return drafts.map((d, i): Variety => {
    const group = at(PRODUCT_GROUPS, d.group);
    const category = CATEGORIES.find((c) => c.key === group.category);
    const color = colorById.get(d.color);
    if (!category || !color) throw new Error(`Bad reference data for ${group.key}`);
    const rank = ranks.get(d) ?? DEFAULT_SORT_RANK;
    const tagSet = new Set(d.tags);
    if (rank <= 40) tagSet.add('bestseller');
    const tags = TAG_ORDER.filter((t) => tagSet.has(t));
    return {
      key: `v-${String(i + 1).padStart(5, '0')}`,
      name: d.name,
      product_group_key: group.key,
      product_group_name: group.name,
      category_key: category.key,
      category_name: category.name,
      color_key: color.key,
      color_name: color.name,
      color_code: color.color_code,
      tags,
      search_name: `${d.name} ${group.name} ${color.name}`.toLowerCase(),
      rank,
    };
  });
}
