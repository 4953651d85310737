import Router from '@koa/router';
import {
  checkEmailAvailableBodySchema,
  loginQuerySchema,
  messages,
  stemlineMessages,
  validateQuerySchema,
  type CheckEmailAvailableAnswer,
  type LoginAnswer,
  type ValidateAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { verifyPassword } from './passwords';
import { signToken, verifyToken } from './tokens';
import { createUserRepository } from './user-repository';

/** Public authentication calls of spec §7: login, token validation, email availability. */
export function authRoutes(app: AppContext): Router {
  const router = new Router();
  const users = createUserRepository(app.db);
  const unknownUserHash =
    'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

  router.get('/api/security/login', async (ctx) => {
    const parsed = loginQuerySchema.safeParse(ctx.query);
    const fail = (status: number, error: string): void => {
      ctx.status = status;
      ctx.body = { success: false, token: null, user: null, error } satisfies LoginAnswer;
    };
    if (!parsed.success) return fail(400, messages.invalidEmail);
    const stored = users.findByEmail(parsed.data.email);
    // Unknown emails still pay for one hash, so timing does not tell which emails exist.
    const passwordOk = await verifyPassword(
      parsed.data.password,
      stored?.passwordHash ?? unknownUserHash,
    );
    if (!stored || !passwordOk) {
      return fail(401, messages.wrongPassword);
    }
    if (!stored.active) return fail(403, stemlineMessages.inactiveUser);
    const token = signToken(app.jwtSecret, {
      sub: stored.user.key,
      customer: stored.user.metadata.customer,
      role: stored.user.role,
    });
    ctx.body = {
      success: true,
      token,
      user: { ...stored.user, token },
      error: null,
    } satisfies LoginAnswer;
  });

  router.get('/api/security/validate', (ctx) => {
    const parsed = validateQuerySchema.safeParse(ctx.query);
    const claims = parsed.success ? verifyToken(app.jwtSecret, parsed.data.token) : null;
    const stored = claims ? users.findByKey(claims.sub) : undefined;
    if (!parsed.success || !stored || !stored.active) {
      ctx.status = 401;
      ctx.body = {
        success: false,
        user: null,
        message: stemlineMessages.unauthorized,
      } satisfies ValidateAnswer;
      return;
    }
    ctx.body = {
      success: true,
      user: { ...stored.user, token: parsed.data.token },
      message: null,
    } satisfies ValidateAnswer;
  });

  router.post('/api/customer/check_email_available', (ctx) => {
    const { email } = checkEmailAvailableBodySchema.parse(ctx.request.body);
    const stored = users.findByEmail(email);
    ctx.body = {
      success: true,
      results: stored ? [{ key: stored.user.key, guest: stored.user.metadata.guest }] : [],
    } satisfies CheckEmailAvailableAnswer;
  });

  return router;
}
