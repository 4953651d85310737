import { describe, expect, it } from 'vitest';
import {
  claimMessages,
  eventMessages,
  refusalMessages,
  standingOrderMessages,
  checkoutMessages,
} from '@stemline/shared';
import type { MutationDoc } from '../../storage/account-schemas';
import { tellingOf, TOLD_AS_THEIR_OWN } from './outside-cart-answers';

type Answer = Pick<MutationDoc, 'name' | 'status' | 'message'>;
const refused = (name: MutationDoc['name'], message: string): Answer => ({
  name,
  status: 'rejected',
  message,
});

describe('TOLD_AS_THEIR_OWN', () => {
  it('holds the changes outside the cart that no other announcer tells', () => {
    for (const name of ['save_event', 'add_favorite', 'skip_standing_order_week', 'claim_finish'])
      expect(TOLD_AS_THEIR_OWN).toContain(name);
    for (const name of [
      'add_to_cart',
      'place_order',
      'assign_cart_line_event',
      'customer_address',
      'run_shopping_list',
      'create_shopping_list',
    ])
      expect(TOLD_AS_THEIR_OWN).not.toContain(name);
  });
});

describe('tellingOf', () => {
  it.each([
    ['save_event', eventMessages.eventNotFound, refusalMessages.eventNotSaved],
    ['delete_event', eventMessages.eventNotFound, refusalMessages.eventNotDeleted],
    [
      'skip_standing_order_week',
      standingOrderMessages.cancelled,
      refusalMessages.standingOrderNotSaved,
    ],
    [
      'create_standing_order',
      standingOrderMessages.weekDisabled,
      refusalMessages.standingOrderNotSaved,
    ],
    ['claim_update', claimMessages.claimLocked, refusalMessages.claimNotChanged],
  ] as const)(
    'titles a refused %s by what it was about, with the reason under it, and keeps it listed',
    (name, message, title) => {
      expect(tellingOf(refused(name, message), true)).toEqual({
        title,
        description: message,
        variant: 'error',
        afterwards: 'keep',
      });
    },
  );

  it('does not toast again a refusal its screen lists that did not arrive in this tab', () => {
    expect(tellingOf(refused('save_event', eventMessages.eventNotFound), false)).toBeNull();
  });

  it.each([true, false])(
    'keeps a refused favourite’s toast until closed, found on arrival or not (%s)',
    (arrivedHere) => {
      expect(
        tellingOf(refused('add_favorite', checkoutMessages.varietyNotFound), arrivedHere),
      ).toEqual({
        title: refusalMessages.favouritesNotUpdated,
        description: checkoutMessages.varietyNotFound,
        variant: 'error',
        afterwards: 'remove-when-closed',
      });
    },
  );

  it('tells a refusal with no reason by its title alone', () => {
    expect(tellingOf({ name: 'dismiss_notices', status: 'rejected' }, true)).toMatchObject({
      title: refusalMessages.noticeNotDismissed,
      description: undefined,
    });
  });

  it('tells an applied change’s own sentence once, in its words', () => {
    const submitted = claimMessages.claimSubmitted('CL-000006');
    expect(
      tellingOf({ name: 'claim_finish', status: 'applied', message: submitted }, false),
    ).toEqual({ title: submitted, variant: 'info', afterwards: 'drop-message' });
  });

  it('says nothing of a pending change or an applied one without a sentence', () => {
    expect(tellingOf({ name: 'save_event', status: 'pending' }, true)).toBeNull();
    expect(tellingOf({ name: 'save_event', status: 'applied' }, true)).toBeNull();
  });
});
