import Router from '@koa/router';
import { validateRecaptchaBodySchema, type SuccessAnswer } from '@stemline/shared';
import type { AppContext } from '../app-context';

/**
 * GET /api/security/captcha_challenge (an ALTCHA challenge, never cached) and spec §7's
 * POST /api/security/validate_recaptcha, which answers `{ success }` and no message on failure.
 */
export function captchaRoutes(app: AppContext): Router {
  const router = new Router();
  const { captcha } = app.services;
  router.get('/api/security/captcha_challenge', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await captcha.challenge();
  });
  router.post('/api/security/validate_recaptcha', async (ctx) => {
    const parsed = validateRecaptchaBodySchema.safeParse(ctx.request.body);
    const success = parsed.success && (await captcha.isValid(parsed.data.params.reCaptchaToken));
    ctx.body = { success } satisfies SuccessAnswer;
  });
  return router;
}
