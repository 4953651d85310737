import Router from '@koa/router';
import {
  forgotPasswordBodySchema,
  getEmailGuestBodySchema,
  requestChangePasswordBodySchema,
  signUpPayloadSchema,
  userEmailAvailableQuerySchema,
  verifyEmailAvailableBodySchema,
  type GetEmailGuestAnswer,
  type SignUpAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { throttleEmailLookup } from '../rate-limit/email-lookups';
import { emailStatus } from './email-rules';
import { forgotPassword, requestChangePassword } from './password-reset';
import { signUp } from './sign-up';
import { signUpSchemaRefusal } from './sign-up-refusal';

/**
 * Public account calls (before the auth gate): sign-up, password reset, and the email
 * availability checks of spec §7 (rate-limited per client, and answering no user key).
 */
export function accountRoutes(app: AppContext): Router {
  const router = new Router();
  const { users } = app.repos;

  /** Spec §4 sign-up flow: the §3 payload with a password and a captcha solution. */
  router.post('/api/customer/sign_up', async (ctx) => {
    const parsed = signUpPayloadSchema.safeParse(ctx.request.body);
    const outcome = parsed.success
      ? await signUp(app, ctx, parsed.data)
      : signUpSchemaRefusal(parsed.error.issues, ctx.request.body);
    ctx.status = outcome.status;
    ctx.body = outcome.answer satisfies SignUpAnswer;
  });

  router.post('/api/forgot_password', async (ctx) => {
    const { email } = forgotPasswordBodySchema.parse(ctx.request.body ?? {});
    const outcome = await forgotPassword(app, ctx, email);
    ctx.status = outcome.status;
    ctx.body = outcome.answer;
  });

  router.post('/api/request_change_password', async (ctx) => {
    const body = requestChangePasswordBodySchema.parse(ctx.request.body ?? {});
    const outcome = await requestChangePassword(app, body);
    ctx.status = outcome.status;
    ctx.body = outcome.answer;
  });

  router.post('/api/customer/verify_email_available', async (ctx) => {
    const { user_email } = verifyEmailAvailableBodySchema.parse(ctx.request.body);
    await throttleEmailLookup(app, ctx);
    ctx.body = await emailStatus(app, user_email);
  });

  router.post('/api/customer/get_email_guest', async (ctx) => {
    const { email } = getEmailGuestBodySchema.parse(ctx.request.body);
    // It says whether an email has a (guest) account: slowed for a list-walker like the others.
    await throttleEmailLookup(app, ctx);
    const stored = await users.findByEmail(email);
    // Whether it is a guest's, no more: the asker has not signed in as anyone.
    ctx.body = {
      success: true,
      results:
        stored?.user.metadata.guest === true
          ? { email: stored.user.email, guest: true as const }
          : null,
    } satisfies GetEmailGuestAnswer;
  });

  /** The user service's check of spec §7: available when no account uses the email. */
  router.get('/user/v1/email/available', async (ctx) => {
    const query = userEmailAvailableQuerySchema.parse(ctx.query);
    await throttleEmailLookup(app, ctx);
    const status = await emailStatus(app, query.email);
    ctx.body = { success: true, available: status.available, domain: query.domain ?? 'stemline' };
  });

  return router;
}
