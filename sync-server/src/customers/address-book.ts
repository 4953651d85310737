import { randomUUID } from 'node:crypto';
import {
  decideCustomerAddress,
  decideDeleteAddresses,
  deliveryMessages,
  stemlineMessages,
  type ActualAddress,
  type AddressFormErrors,
  type CustomerAddressArgs,
  type DeleteAddressArgs,
  type RejectionCode,
  type SavedAddress,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { cartLinesBoundFor, reshipCartLines } from './cart-lines-bound';
import { applied, type Applied, type Rejected } from '../kernel/outcome';

/** An address or preference change; a refused address says what is wrong with each field. */
export type CustomerChange<T> = Applied<T> | (Rejected & { errors?: AddressFormErrors });

export interface SaveAddressResult {
  address: SavedAddress | null;
  actual_address: ActualAddress | null;
}

const rejectionCodes = {
  invalid: 'invalid_args',
  not_found: 'not_found',
  conflict: 'conflict',
} as const satisfies Record<string, RejectionCode>;

/**
 * The address calls, the one set of functions behind both `POST /api/cs/run` (`load_address`,
 * `customer_address`, `delete_address`) and the queued mutations of the same names. Writes
 * must run inside a transaction; a rejection writes nothing.
 */
export function createAddressBook(app: AppContext) {
  const { addresses } = app.repos;

  const forbidden = {
    status: 'rejected',
    code: 'invalid_args',
    message: stemlineMessages.forbidden,
  } as const;

  return {
    async load(customerKey: string) {
      return {
        addresses: await addresses.list(customerKey),
        actual_address: await addresses.actual(customerKey),
      };
    },

    async save(
      customerKey: string,
      args: CustomerAddressArgs,
    ): Promise<CustomerChange<SaveAddressResult>> {
      if (args.customer !== undefined && args.customer !== customerKey) return forbidden;
      const existing = await addresses.get(customerKey, args._KEY);
      const decision = decideCustomerAddress(
        args,
        {
          existing,
          count: (await addresses.liveKeys(customerKey)).size,
          main: await addresses.main(customerKey),
          freshKey: () => `once-${randomUUID()}`,
        },
        app.now(),
      );
      if (decision.kind === 'rejected') {
        return {
          status: 'rejected',
          code: rejectionCodes[decision.reason],
          message: decision.message,
          ...(decision.errors ? { errors: decision.errors } : {}),
        };
      }
      if (decision.kind === 'select') {
        await addresses.setActual(customerKey, decision.actual);
        return {
          status: 'applied',
          message: null,
          value: { address: null, actual_address: decision.actual },
          touched: [],
        };
      }
      await addresses.save(customerKey, decision.address, await app.changes.next());
      const reshipped = decision.created
        ? 0
        : await reshipCartLines(app, customerKey, toActual(decision.address));
      let actual = await addresses.actual(customerKey);
      if (actual?._KEY === decision.address.key) {
        // The order goes to this address: it must go to its corrected form too.
        actual = toActual(decision.address);
        await addresses.setActual(customerKey, actual);
      }
      return {
        status: 'applied',
        message: null,
        value: { address: decision.address, actual_address: actual },
        touched: reshipped > 0 ? ['addresses', 'cart_lines'] : ['addresses'],
      };
    },

    async remove(
      customerKey: string,
      args: DeleteAddressArgs,
    ): Promise<CustomerChange<{ keys: string[] }>> {
      if (args.customer !== undefined && args.customer !== customerKey) return forbidden;
      const decision = decideDeleteAddresses(args, await addresses.liveKeys(customerKey));
      if (decision.kind === 'rejected') {
        return { status: 'rejected', code: 'not_found', message: decision.message };
      }
      // Boxes bound for the address would be ordered to an address the buyer has deleted.
      if ((await cartLinesBoundFor(app, customerKey, decision.keys)) > 0)
        return { status: 'rejected', code: 'conflict', message: deliveryMessages.addressInCart };
      // One seq per row: a pull page may end between two rows, never inside one seq.
      for (const key of decision.keys)
        await addresses.remove(customerKey, key, await app.changes.next());
      const actual = await addresses.actual(customerKey);
      if (actual && decision.keys.includes(actual._KEY))
        await addresses.setActual(customerKey, null);
      return applied({ keys: decision.keys }, ['addresses']);
    },
  };
}
export type AddressBook = ReturnType<typeof createAddressBook>;

function toActual(address: SavedAddress): ActualAddress {
  return {
    _KEY: address.key,
    address: address.address,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
  };
}
