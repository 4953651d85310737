import { addToCartArgsSchema } from '../schemas/cart';
import { boxChangesArgsSchema, deleteBoxesArgsSchema } from '../schemas/cart-edits';
import {
  boxKeyArgsSchema,
  removeFromBoxArgsSchema,
  upsertCustomBoxArgsSchema,
} from '../schemas/custom-box';
import { defineMutation } from './define-mutation';

/** Cart lines and custom boxes (sync-server/src/cart/mutations.ts). */
export const cartMutations = {
  add_to_cart: defineMutation({ args: addToCartArgsSchema, collections: ['cart_lines'] }),
  execute_box_changes: defineMutation({
    args: boxChangesArgsSchema,
    collections: ['cart_lines', 'custom_boxes'],
  }),
  delete_boxes: defineMutation({
    args: deleteBoxesArgsSchema,
    collections: ['cart_lines', 'custom_boxes'],
  }),
  upsert_custom_box: defineMutation({
    args: upsertCustomBoxArgsSchema,
    collections: ['custom_boxes'],
  }),
  remove_from_box: defineMutation({ args: removeFromBoxArgsSchema, collections: ['custom_boxes'] }),
  close_box: defineMutation({ args: boxKeyArgsSchema, collections: ['custom_boxes'] }),
  open_box: defineMutation({ args: boxKeyArgsSchema, collections: ['custom_boxes'] }),
};
