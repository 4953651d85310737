import {
  guestSignInParamsSchema,
  guestUpgradeParamsSchema,
  loginParamsSchema,
  validateParamsSchema,
  verifyEmailAccountParamsSchema,
} from '@stemline/shared';
import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { logIn } from '../auth/login';
import { validateSession } from '../auth/validate-session';
import type { RunOperations } from '../http/cs-run';
import { companyOperations } from './company-details';
import { verifyEmailAccount } from './email-verification';
import { guestSignIn, upgradeGuest } from './guests';
import { hunterOperations } from './hunter-operations';
import { referralOperations } from './referrals';
import { signUpSchemaRefusal } from './sign-up-refusal';
import { userOperations } from './user-operations';

/** Answers an outcome's body with its status (run operations return bodies). */
function answer<T>(ctx: Context, outcome: { status: number; answer: T }): T {
  ctx.status = outcome.status;
  return outcome.answer;
}

/**
 * The run operations of accounts and access (spec §7 `POST /api/cs/run`). `validate`, `login`,
 * `guest_sign_in` and `verify_email_account` (the email-account verification operation) work
 * with a visitor's public token; the others check their own rights.
 */
export function accountOperations(app: AppContext): RunOperations {
  return {
    async validate(ctx, params) {
      const input = validateParamsSchema.parse(params);
      return answer(ctx, await validateSession(app, input.token, input.user_key));
    },
    async login(ctx, params) {
      return answer(ctx, await logIn(app, ctx, loginParamsSchema.parse(params)));
    },
    async guest_sign_in(ctx, params) {
      return answer(ctx, await guestSignIn(app, ctx, guestSignInParamsSchema.parse(params)));
    },
    async user_guest_upgrade(ctx, params) {
      const parsed = guestUpgradeParamsSchema.safeParse(params);
      return answer(
        ctx,
        parsed.success
          ? await upgradeGuest(app, ctx, parsed.data)
          : signUpSchemaRefusal(parsed.error.issues, params),
      );
    },
    async verify_email_account(ctx, params) {
      return answer(
        ctx,
        await verifyEmailAccount(app, verifyEmailAccountParamsSchema.parse(params)),
      );
    },
    ...userOperations(app),
    ...hunterOperations(app),
    ...referralOperations(app),
    ...companyOperations(app),
  };
}
