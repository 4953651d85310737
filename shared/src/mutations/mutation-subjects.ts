import {
  deliveryMessages,
  messages,
  refusalMessages,
  shoppingListMessages,
  stemlineMessages,
} from '../messages';
// Types only: a visitor's first screen reads this table, and the definitions build every
// mutation's zod schemas as they load (zod stays out of the first screen, issue 28).
import type { MutationName } from './mutation-definitions';

/**
 * What a queued change is about, as the buyer sees it: the screen where it was made and where
 * the server's answer to it belongs. Only `cart` answers are the cart's to list and word.
 */
export type MutationSubject =
  | 'cart'
  | 'notices'
  | 'favorites'
  | 'addresses'
  | 'events'
  | 'claims'
  | 'shopping_lists'
  | 'standing_orders';

/** One mutation's subject, and the title a refusal of it is told under. */
export interface MutationSubjectRow {
  about: MutationSubject;
  refused: string;
}

const cartChange: MutationSubjectRow = {
  about: 'cart',
  refused: stemlineMessages.cartUpdateFailed,
};
const listChange: MutationSubjectRow = {
  about: 'shopping_lists',
  refused: shoppingListMessages.listErrorTitle,
};
const standingOrderChange: MutationSubjectRow = {
  about: 'standing_orders',
  refused: refusalMessages.standingOrderNotSaved,
};
const favoriteChange: MutationSubjectRow = {
  about: 'favorites',
  refused: refusalMessages.favouritesNotUpdated,
};

/**
 * Every mutation's subject, one row each: a mutation added to the definitions does not compile
 * until it says what it is about. Changes that write cart lines as a side effect of another
 * screen's action (running a shopping list) belong to that screen.
 */
export const MUTATION_SUBJECTS: Readonly<Record<MutationName, MutationSubjectRow>> = {
  add_to_cart: { about: 'cart', refused: messages.addToCartError },
  execute_box_changes: cartChange,
  delete_boxes: cartChange,
  upsert_custom_box: cartChange,
  remove_from_box: cartChange,
  close_box: cartChange,
  open_box: cartChange,
  place_order: cartChange,
  extend_expiration_boxes: cartChange,
  reorder_products: cartChange,
  // A cart line put in an event: the line is the cart's.
  assign_cart_line_event: cartChange,
  dismiss_notices: { about: 'notices', refused: refusalMessages.noticeNotDismissed },
  add_favorite: favoriteChange,
  remove_favorite: favoriteChange,
  customer_address: { about: 'addresses', refused: deliveryMessages.addressSaveFailed },
  delete_address: { about: 'addresses', refused: messages.addressDeleteFailed },
  update_preferences: { about: 'addresses', refused: refusalMessages.preferencesNotSaved },
  save_event: { about: 'events', refused: refusalMessages.eventNotSaved },
  delete_event: { about: 'events', refused: refusalMessages.eventNotDeleted },
  claim_finish: { about: 'claims', refused: refusalMessages.claimNotSent },
  claim_update: { about: 'claims', refused: refusalMessages.claimNotChanged },
  claim_delete: { about: 'claims', refused: refusalMessages.claimNotWithdrawn },
  create_shopping_list: listChange,
  rename_shopping_list: listChange,
  delete_shopping_list: listChange,
  shopping_list_add_item: listChange,
  shopping_list_edit_item: listChange,
  shopping_list_remove_item: listChange,
  run_shopping_list: listChange,
  create_standing_order: standingOrderChange,
  set_standing_order_status: standingOrderChange,
  set_standing_order_card: standingOrderChange,
  skip_standing_order_week: standingOrderChange,
  change_standing_order_week: standingOrderChange,
};

/**
 * What a queued mutation is about and how its refusal is titled. A name this build does not
 * know (an old outbox entry) is the cart's, whose list lets the buyer read and dismiss it.
 */
export function mutationSubject(name: string): MutationSubjectRow {
  return Object.hasOwn(MUTATION_SUBJECTS, name)
    ? MUTATION_SUBJECTS[name as MutationName]
    : cartChange;
}

/** Every mutation's name, as the table above lists them (the same as `MUTATION_NAMES`). */
const NAMES = Object.keys(MUTATION_SUBJECTS) as MutationName[];

/** The names of the mutations whose subject passes `test`. */
export function mutationNamesWhere(test: (subject: MutationSubject) => boolean): MutationName[] {
  return NAMES.filter((name) => test(MUTATION_SUBJECTS[name].about));
}

/** The names of the mutations about `subject`, for a query of the outbox. */
export function mutationNamesAbout(subject: MutationSubject): MutationName[] {
  return mutationNamesWhere((about) => about === subject);
}
