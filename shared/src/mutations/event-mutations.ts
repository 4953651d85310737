import {
  assignCartLineEventArgsSchema,
  deleteEventArgsSchema,
  saveEventArgsSchema,
} from '../schemas/events';
import { defineMutation } from './define-mutation';

/** The buyer's events and which cart lines belong to them (sync-server/src/events/mutations.ts). */
export const eventMutations = {
  save_event: defineMutation({ args: saveEventArgsSchema, collections: ['events'] }),
  delete_event: defineMutation({ args: deleteEventArgsSchema, collections: ['events'] }),
  assign_cart_line_event: defineMutation({
    args: assignCartLineEventArgsSchema,
    collections: ['cart_lines'],
  }),
};
