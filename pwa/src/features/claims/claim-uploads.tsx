import { useEffect } from 'react';
import { useAccountDb } from '../../session/account-context';
import type { AccountDb } from '../../storage/account-db';
import { openClaimPhotoDb, type ClaimPhotoDb } from '../../storage/claim-photo-db';
import { retryHeldUploads, startClaimUploader } from './claim-uploader';

const kicks = new Map<string, () => void>();

/** The photo database that belongs with an account database (one per account copy). */
export function photoDbOf(db: AccountDb): ClaimPhotoDb {
  return openClaimPhotoDb(db.name.replace(/^stemline-acct-/, ''));
}

/** Sends waiting claim files now (a claim was just filed), if the uploader runs. */
export function kickClaimUploads(db: AccountDb): void {
  kicks.get(db.name)?.();
}

/** Sends the files of a claim the server held back now (the buyer's Try again). */
export async function retryClaimUploads(db: AccountDb, claimKey: string): Promise<void> {
  await retryHeldUploads(photoDbOf(db), claimKey);
  kickClaimUploads(db);
}

/**
 * Runs the claim uploader for the signed-in account while mounted (the app shell mounts it),
 * so files taken offline go out when the network returns, whatever page is open.
 */
export function ClaimUploads() {
  const db = useAccountDb();
  useEffect(() => {
    if (!db) return undefined;
    const uploader = startClaimUploader(db, photoDbOf(db), db.name);
    kicks.set(db.name, uploader.kick);
    return () => {
      kicks.delete(db.name);
      uploader.stop();
    };
  }, [db]);
  return null;
}
