import { useMemo } from 'react';
import { combineLatest, map } from 'rxjs';
import { overlayAddresses, type SavedAddress, type VisibleAddress } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';
import { ADDRESS_BOOK_MUTATIONS } from './address-mutations';

export interface AddressBookView {
  addresses: VisibleAddress[];
  /** False until the local database has answered. */
  loaded: boolean;
  /** True once the addresses were pulled from the server at least once on this device. */
  pulled: boolean;
}

const EMPTY: AddressBookView = { addresses: [], loaded: false, pulled: false };

/** The one-time addresses on screen: pulled rows plus queued changes, live across tabs. */
export function useAddresses(db: AccountDb | null): AddressBookView {
  const raw = useObservable(
    () =>
      db
        ? combineLatest([
            db.addresses.find().$,
            db.mutations.find({ selector: { name: { $in: [...ADDRESS_BOOK_MUTATIONS] } } }).$,
            db.sync_state.findOne('addresses').$,
          ]).pipe(
            map(([addresses, mutations, state]) => ({
              addresses: addresses.map(
                ({
                  key,
                  _KEY,
                  address,
                  city,
                  state: usState,
                  zipcode,
                  created_at,
                  updated_at,
                }): SavedAddress => ({
                  key,
                  _KEY,
                  address,
                  city,
                  state: usState,
                  zipcode,
                  created_at,
                  updated_at,
                }),
              ),
              mutations: mutations.map((doc) => doc.toMutableJSON()),
              checkpoint: state?.checkpoint ?? null,
            })),
          )
        : undefined,
    null,
    [db],
  );
  return useMemo((): AddressBookView => {
    if (!raw) return EMPTY;
    return {
      addresses: overlayAddresses(raw.addresses, raw.mutations, raw.checkpoint ?? 0),
      loaded: true,
      pulled: raw.checkpoint !== null,
    };
  }, [raw]);
}
