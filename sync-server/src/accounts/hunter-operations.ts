import {
  accountMessages,
  hsCheckEmailParamsSchema,
  MAILS_PER_CUSTOMER_PER_DAY,
  hunterNewContactParamsSchema,
  sendEmailVerificationParamsSchema,
  stemlineMessages,
} from '@stemline/shared';
import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { authClaims } from '../auth/require-auth';
import { isStaff, requireStaff } from '../auth/staff-access';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import type { OutgoingMail } from '../mail/mailer';
import { emailVerificationMail } from '../mail/templates';
import { linkContentProblem, verificationLink } from './email-verification';
import { publicOrigin } from './public-origin';
import { contactOwner } from './sign-up';

/**
 * Customer-relationship helpers of spec §7 (`hs_check_email`, `hunter_new_contact_hs`), kept in
 * our own contacts table, and `send_email_verification`, which mails the signed §2 link.
 */
export function hunterOperations(app: AppContext): RunOperations {
  const { users, crmContacts } = app.repos;
  const { mailQuota } = app.services;
  /** Sends within the customer's daily cap (of the addressee, or of the address itself). */
  const sendCapped = async (sender: string, mail: OutgoingMail): Promise<void> => {
    const outcome = await mailQuota.send(sender, [mail], { dropDuplicates: false });
    if (outcome.overLimit.length > 0) {
      throw new DomainError(
        'rate_limited',
        accountMessages.mailDailyLimit(MAILS_PER_CUSTOMER_PER_DAY, outcome.overLimit),
      );
    }
  };
  /** The signed-in guest whose own email `email` is, or a DomainError (forbidden). */
  const ownGuest = async (ctx: Context, email: string) => {
    const claims = authClaims(ctx);
    const me = claims.scope === undefined ? await users.findByKey(claims.sub) : undefined;
    if (!me?.user.metadata.guest || me.user.email.toLowerCase() !== email) {
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    }
    return me;
  };
  return {
    async hs_check_email(ctx, params) {
      await requireStaff(ctx, app);
      const { email } = hsCheckEmailParamsSchema.parse(params);
      return { success: true, item: await crmContacts.contact(email) };
    },

    async hunter_new_contact_hs(ctx, params) {
      const staff = await requireStaff(ctx, app);
      const input = hunterNewContactParamsSchema.parse(params);
      const owner = await contactOwner(app, input.owner_id);
      if (!owner) throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
      const customer = (await users.findByEmail(input.email))?.user.metadata.customer ?? null;
      await crmContacts.saveContact(input.email, owner, customer, staff.user.key);
      return { success: true, item: await crmContacts.contact(input.email) };
    },

    /**
     * Staff may send a verification link with §2 fields to a prospect; a signed-in guest may
     * send one to its own email only. The link makes an account when opened, so what it would
     * carry passes the sign-up rules first: nothing is mailed otherwise.
     */
    async send_email_verification(ctx, params) {
      const input = sendEmailVerificationParamsSchema.parse(params);
      // Authorised first: a caller who may not send learns nothing of the rules' verdict.
      const guest = (await isStaff(ctx, app)) ? null : await ownGuest(ctx, input.email);
      const refusal = await linkContentProblem(app, input);
      if (refusal) {
        throw new DomainError(
          refusal.status === 403 ? 'forbidden' : 'invalid_request',
          refusal.error,
        );
      }
      if (guest) {
        const link = verificationLink(app, publicOrigin(app, ctx), {
          email: input.email,
          customer: guest.user.metadata.customer ?? undefined,
        });
        await sendCapped(
          guest.user.metadata.customer ?? guest.user.key,
          emailVerificationMail(input.email, link),
        );
        return { success: true };
      }
      const customer = (await users.findByEmail(input.email))?.user.metadata.customer ?? undefined;
      await sendCapped(
        customer ?? input.email,
        emailVerificationMail(
          input.email,
          verificationLink(app, publicOrigin(app, ctx), { ...input, customer }),
        ),
      );
      return { success: true };
    },
  };
}
