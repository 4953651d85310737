import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import type { Claim } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { observeLocalClaims, type LocalClaim } from '../../storage/claim-photo-db';
import { useObservable } from '../../storage/use-observable';
import { photoDbOf } from './claim-uploads';

export interface ClaimsView {
  claims: Claim[];
  loaded: boolean;
}

/** The customer's claims as synced to this device, newest first; works offline. */
export function useClaims(db: AccountDb | null): ClaimsView {
  return useObservable<ClaimsView>(
    () =>
      db?.claims.find({ sort: [{ created_at: 'desc' }] }).$.pipe(
        map((docs) => ({
          claims: docs.map((doc): Claim => {
            const { seq: _seq, ...claim } = doc.toMutableJSON();
            return claim;
          }),
          loaded: true,
        })),
      ),
    { claims: [], loaded: false },
    [db],
  );
}

/** Claims filed on this device whose files or submission are still on their way. */
export function useLocalClaims(db: AccountDb | null): LocalClaim[] {
  const [local, setLocal] = useState<LocalClaim[]>([]);
  useEffect(() => {
    if (!db) return undefined;
    const subscription = observeLocalClaims(photoDbOf(db)).subscribe({ next: setLocal });
    return () => subscription.unsubscribe();
  }, [db]);
  return local;
}
