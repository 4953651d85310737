import { z } from 'zod';
import { MAX_BOXES_PER_PRICE_ROW } from '../constants';
import { etaDateSchema } from './catalog';

/** At most this many lists per customer, items per list, and characters in a list's name. */
export const MAX_SHOPPING_LISTS = 50;
export const MAX_SHOPPING_LIST_ITEMS = 100;
export const SHOPPING_LIST_NAME_MAX = 60;
/** Bunches a bunch-counted item may ask for: 30 boxes of the largest box there is. */
export const MAX_ITEM_BUNCHES = 600;

/** A client-made key: a list or item made offline is known by it before the server sees it. */
export const shoppingListKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8–64 letters, digits, - or _');

/**
 * A list's name as the buyer typed it, trimmed: printable text only (no control characters and
 * no angle brackets), so a hostile name can neither break a layout nor smuggle markup.
 */
export const shoppingListNameSchema = z
  .string()
  .trim()
  .min(1, 'Please name the list.')
  .max(SHOPPING_LIST_NAME_MAX, `A list name has at most ${SHOPPING_LIST_NAME_MAX} characters.`)
  .refine(
    (name) => !/[\p{Cc}\p{Cf}<>]/u.test(name),
    'A list name can only hold letters, digits, spaces and punctuation.',
  );

export const shoppingListUnitSchema = z.enum(['box', 'bunch']);
export type ShoppingListUnit = z.infer<typeof shoppingListUnitSchema>;

const quantitySchema = z.number().int().min(1).max(MAX_ITEM_BUNCHES);
const varietyKeySchema = z.string().min(1).max(64);

/**
 * One item of a list: a variety at a length, a quantity in boxes or bunches, and optionally
 * the grower the buyer prefers (null: any grower).
 */
export const shoppingListItemSchema = z.object({
  key: shoppingListKeySchema,
  variety_key: varietyKeySchema,
  variety_name: z.string().max(120),
  length: z.number().int().nonnegative().max(300),
  quantity: quantitySchema,
  unit: shoppingListUnitSchema,
  grower_key: varietyKeySchema.nullable(),
  added_at: z.number().int(),
});
export type ShoppingListItem = z.infer<typeof shoppingListItemSchema>;

/** An offer the run proposes instead of an item it could not add in full. */
export const runAlternativeSchema = z.object({
  inventory_key: z.number().int(),
  variety_key: z.string(),
  variety_name: z.string(),
  grower_key: z.string(),
  grower_name: z.string(),
  length: z.number().int(),
  stem_price_cents: z.number().int(),
  boxes_available: z.number().int(),
  /** Why it is proposed: the same variety from another farm, or the same group, colour, length. */
  reason: z.enum(['same_variety', 'same_group_color_length']),
});
export type RunAlternative = z.infer<typeof runAlternativeSchema>;

export const runItemStatusSchema = z.enum([
  'added',
  'partial',
  'sold_out',
  'not_offered',
  'product_gone',
]);
export type RunItemStatus = z.infer<typeof runItemStatusSchema>;

/** What running a list did with one item, and the alternatives when it fell short. */
export const runItemOutcomeSchema = z.object({
  item_key: z.string(),
  variety_name: z.string(),
  status: runItemStatusSchema,
  requested_boxes: z.number().int(),
  added_boxes: z.number().int(),
  /** The cart line the item became (its key), or null when nothing was added. */
  cart_line_key: z.string().nullable(),
  /** The price the cart line took, in whole cents (null when nothing was added). */
  stem_price_cents: z.number().int().nullable(),
  price_changed: z.boolean(),
  /** Every reason the item was not added as asked, for the buyer to read. */
  messages: z.array(z.string()),
  alternatives: z.array(runAlternativeSchema),
});
export type RunItemOutcome = z.infer<typeof runItemOutcomeSchema>;

/**
 * A run outcome as the spec's calls answer it (`/repurchase_products`): its prices in dollars
 * (`stem_price`), as they always were (`runOutcomeInDollars` makes it).
 */
export const runItemOutcomeInDollarsSchema = runItemOutcomeSchema
  .omit({ stem_price_cents: true, alternatives: true })
  .extend({
    stem_price: z.number().nullable(),
    alternatives: z.array(
      runAlternativeSchema.omit({ stem_price_cents: true }).extend({ stem_price: z.number() }),
    ),
  });
export type RunItemOutcomeInDollars = z.infer<typeof runItemOutcomeInDollarsSchema>;

export const shoppingListRunSchema = z.object({
  eta_date: z.number().int(),
  address: z.string().nullable(),
  ran_at: z.number().int(),
  outcomes: z.array(runItemOutcomeSchema),
});
export type ShoppingListRun = z.infer<typeof shoppingListRunSchema>;

/** A list as the synced `shopping_lists` collection holds it: one document with its items. */
export const shoppingListSchema = z.object({
  key: z.string(),
  name: z.string(),
  items: z.array(shoppingListItemSchema),
  /** Unit price last seen per item key, in whole cents, so a run can say a price changed. */
  last_prices_cents: z.record(z.string(), z.number().int()),
  last_run: shoppingListRunSchema.nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type ShoppingList = z.infer<typeof shoppingListSchema>;

// Queued mutations' args (shared/src/mutations/shopping-list-mutations.ts).

export const createShoppingListArgsSchema = z.object({
  key: shoppingListKeySchema,
  name: shoppingListNameSchema,
});
export type CreateShoppingListArgs = z.infer<typeof createShoppingListArgsSchema>;

export const renameShoppingListArgsSchema = createShoppingListArgsSchema;

export const deleteShoppingListArgsSchema = z.object({ key: shoppingListKeySchema });

export const addShoppingListItemArgsSchema = z.object({
  list_key: shoppingListKeySchema,
  item: shoppingListItemSchema.omit({ added_at: true }),
});
export type AddShoppingListItemArgs = z.infer<typeof addShoppingListItemArgsSchema>;

export const editShoppingListItemArgsSchema = z.object({
  list_key: shoppingListKeySchema,
  item_key: shoppingListKeySchema,
  quantity: quantitySchema,
  unit: shoppingListUnitSchema.optional(),
  length: z.number().int().nonnegative().max(300).optional(),
  grower_key: varietyKeySchema.nullable().optional(),
});
export type EditShoppingListItemArgs = z.infer<typeof editShoppingListItemArgsSchema>;

export const removeShoppingListItemArgsSchema = z.object({
  list_key: shoppingListKeySchema,
  item_key: shoppingListKeySchema,
});
export type RemoveShoppingListItemArgs = z.infer<typeof removeShoppingListItemArgsSchema>;

export const runShoppingListArgsSchema = z.object({
  list_key: shoppingListKeySchema,
  eta_date: etaDateSchema,
  address: z.string().max(64).nullable().optional(),
});
export type RunShoppingListArgs = z.infer<typeof runShoppingListArgsSchema>;

/** REST bodies (spec §7): each names the `customer`, which must be the caller. */
const customerField = { customer: z.string().max(64).optional() };
export const shoppingListListRequestSchema = z.object(customerField);
export const shoppingListAddItemRequestSchema = addShoppingListItemArgsSchema.extend(customerField);
export const shoppingListEditItemRequestSchema =
  editShoppingListItemArgsSchema.extend(customerField);
export const shoppingListRemoveItemRequestSchema =
  removeShoppingListItemArgsSchema.extend(customerField);
export const shoppingListRunRequestSchema = runShoppingListArgsSchema.extend(customerField);
export const shoppingListCreateRequestSchema = createShoppingListArgsSchema.extend(customerField);
export const shoppingListDeleteRequestSchema = deleteShoppingListArgsSchema.extend(customerField);
/** POST /api/cart_box_item/list_by_shopping_list_item: the cart lines a list's items became. */
export const cartItemsByListItemRequestSchema = z.object({
  ...customerField,
  list_key: shoppingListKeySchema,
  item_keys: z.array(shoppingListKeySchema).max(MAX_SHOPPING_LIST_ITEMS).optional(),
});

/** Boxes never exceed the cart's cap for one price row. */
export const MAX_ITEM_BOXES = MAX_BOXES_PER_PRICE_ROW;
