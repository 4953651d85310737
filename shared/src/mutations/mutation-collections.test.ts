import { describe, expect, it } from 'vitest';
import { changesCart } from './mutation-collections';

describe('changesCart', () => {
  it('is true for changes to the cart’s lines or custom boxes', () => {
    for (const name of ['add_to_cart', 'remove_from_box', 'place_order', 'reorder_products'])
      expect(changesCart(name)).toBe(true);
  });

  it('is false for changes elsewhere: claims, events, favourites, standing orders', () => {
    for (const name of [
      'claim_finish',
      'claim_delete',
      'save_event',
      'add_favorite',
      'create_standing_order',
    ])
      expect(changesCart(name)).toBe(false);
  });

  it('is true for a name this build does not know (an old outbox entry)', () => {
    expect(changesCart('a_mutation_from_an_older_build')).toBe(true);
  });
});
