import { describe, expect, it } from 'vitest';
import {
  deliveryMessages,
  messages,
  refusalMessages,
  shoppingListMessages,
  stemlineMessages,
} from '../messages';
import { MUTATION_COLLECTIONS } from './mutation-collections';
import { MUTATION_NAMES } from './mutation-definitions';
import { mutationNamesAbout, mutationSubject, type MutationSubject } from './mutation-subjects';

describe('mutationSubject', () => {
  it.each([
    ['add_to_cart', 'cart', messages.addToCartError],
    ['remove_from_box', 'cart', stemlineMessages.cartUpdateFailed],
    ['place_order', 'cart', stemlineMessages.cartUpdateFailed],
    ['reorder_products', 'cart', stemlineMessages.cartUpdateFailed],
    ['assign_cart_line_event', 'cart', stemlineMessages.cartUpdateFailed],
    ['save_event', 'events', refusalMessages.eventNotSaved],
    ['delete_event', 'events', refusalMessages.eventNotDeleted],
    ['add_favorite', 'favorites', refusalMessages.favouritesNotUpdated],
    ['remove_favorite', 'favorites', refusalMessages.favouritesNotUpdated],
    ['create_standing_order', 'standing_orders', refusalMessages.standingOrderNotSaved],
    ['skip_standing_order_week', 'standing_orders', refusalMessages.standingOrderNotSaved],
    ['set_standing_order_status', 'standing_orders', refusalMessages.standingOrderNotSaved],
    ['claim_finish', 'claims', refusalMessages.claimNotSent],
    ['claim_delete', 'claims', refusalMessages.claimNotWithdrawn],
    ['dismiss_notices', 'notices', refusalMessages.noticeNotDismissed],
    ['run_shopping_list', 'shopping_lists', shoppingListMessages.listErrorTitle],
    ['delete_address', 'addresses', messages.addressDeleteFailed],
    ['customer_address', 'addresses', deliveryMessages.addressSaveFailed],
  ] as const)('%s is about %s, refused as “%s”', (name, about, refused) => {
    expect(mutationSubject(name)).toEqual({ about, refused });
  });

  it('says every cart-writing change is the cart’s, but for one a list screen makes', () => {
    const writesCart = MUTATION_NAMES.filter((name) =>
      MUTATION_COLLECTIONS[name].some((c) => c === 'cart_lines' || c === 'custom_boxes'),
    );
    expect(writesCart.filter((name) => mutationSubject(name).about !== 'cart')).toEqual([
      'run_shopping_list',
    ]);
  });

  it.each(['a_mutation_from_an_older_build', 'constructor', 'toString', '__proto__', ''])(
    'takes an unknown name %j for the cart’s, so the cart lists it',
    (name) => {
      expect(mutationSubject(name)).toEqual({
        about: 'cart',
        refused: stemlineMessages.cartUpdateFailed,
      });
    },
  );
});

describe('mutationNamesAbout', () => {
  it('lists each mutation under exactly one subject', () => {
    const subjects: MutationSubject[] = [
      'cart',
      'notices',
      'favorites',
      'addresses',
      'events',
      'claims',
      'shopping_lists',
      'standing_orders',
    ];
    const listed = subjects.flatMap((subject) => mutationNamesAbout(subject));
    expect([...listed].sort()).toEqual([...MUTATION_NAMES].sort());
  });

  it('names the event changes, not the cart line put in an event', () => {
    expect(mutationNamesAbout('events')).toEqual(['save_event', 'delete_event']);
  });
});
