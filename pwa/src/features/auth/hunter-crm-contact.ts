import { useState } from 'react';
import { accountMessages, stemlineMessages } from '@stemline/shared';
import type { CheckedResult } from '../../api/checked-call';
import { showToast } from '../../ui';
import { authApi } from './auth-api';
import type { RepSession } from './staff-sign-in';

/** What the CRM says about a hunter sign-up's email, before the account is made. */
export type CrmContactCheck =
  | { kind: 'go_on' }
  | { kind: 'owned_by_other'; ownerKey: string; ownerName: string }
  | { kind: 'failed'; message: string };

const failure = (answer: CheckedResult<unknown> & { ok: false }): CrmContactCheck => ({
  kind: 'failed',
  message: answer.offline ? stemlineMessages.networkNeeded : answer.error,
});

/**
 * The customer-relationship steps of a hunter sign-up (spec §7 `hs_check_email`,
 * `hunter_new_contact_hs`), run with the signed-in rep's session before the account is made.
 * The typed email is looked up in the CRM: a contact another owner holds is answered as
 * `owned_by_other` (the form offers that owner) unless `ownerConfirmed`, when the rep has been
 * told and goes on with the chosen one; an email the CRM does not know is recorded as a new
 * contact with the rep as its hunter and the chosen owner. The sign-up then links the contact to
 * the new customer (server: accounts/sign-up.ts).
 */
export async function prepareCrmContact(
  rep: RepSession,
  email: string,
  ownerKey: string,
  ownerConfirmed: boolean,
): Promise<CrmContactCheck> {
  const found = await authApi.crmContact(rep.token, email);
  if (!found.ok) return failure(found);
  const contact = found.data.item;
  if (contact?.owner_id && contact.owner_id !== ownerKey && !ownerConfirmed) {
    return {
      kind: 'owned_by_other',
      ownerKey: contact.owner_id,
      ownerName: contact.owner_name ?? contact.owner_id,
    };
  }
  if (contact) return { kind: 'go_on' };
  const made = await authApi.newCrmContact(rep.token, {
    email,
    hunter: rep.userKey,
    owner_id: ownerKey,
  });
  return made.ok ? { kind: 'go_on' } : failure(made);
}

/**
 * The `beforeSignUp` step of a hunter sign-up form (`useSignUpSubmission`): `prepareCrmContact`
 * for the form's email and owner. A failure is toasted; a contact another owner holds is shown
 * through `offerOwner` (that owner, and the message for the owner field), and the next press for
 * the same email goes on with whichever owner is then chosen.
 */
export function useCrmContactStep(
  form: { email: string; hunter: string },
  offerOwner: (ownerKey: string, message: string) => void,
): (rep: RepSession) => Promise<boolean> {
  const [ownerShownFor, setOwnerShownFor] = useState<string | null>(null);
  return async (rep) => {
    const email = form.email.trim().toLowerCase();
    const crm = await prepareCrmContact(rep, email, form.hunter, ownerShownFor === email);
    if (crm.kind === 'go_on') return true;
    if (crm.kind === 'failed') {
      showToast({ title: crm.message, variant: 'error' });
      return false;
    }
    setOwnerShownFor(email);
    offerOwner(crm.ownerKey, accountMessages.crmContactOwned(crm.ownerName));
    return false;
  };
}
