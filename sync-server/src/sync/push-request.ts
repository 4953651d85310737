import { pushRequestSchema, type PushAnswer } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { runAsSession } from '../auth/acting-session';
import { createProofCheckedPush, isEmailOnly } from '../auth/mailbox-proof';
import type { TokenClaims } from '../auth/tokens';
import { createPushProcessor } from './push';

/**
 * The push call once its caller is known (routes.ts): validates the untrusted body once with the
 * shared `pushRequestSchema` (a `z.ZodError` means 400), lets an email-only session run only what
 * auth/mailbox-proof.ts allows it, and applies the mutations (push.ts) as that session
 * (auth/acting-session.ts). Built once at start-up.
 */
export function createPushRequestHandler(
  app: AppContext,
): (claims: TokenClaims, customerKey: string, body: unknown) => Promise<PushAnswer> {
  const push = createPushProcessor(app);
  const proofCheckedPush = createProofCheckedPush(app, async (customerKey, request) => ({
    results: await push(customerKey, request.clientId, request.mutations),
  }));
  return async (claims, customerKey, body) => {
    const request = pushRequestSchema.parse(body);
    // The mutations are judged by the session that queued them, as its REST twins are.
    return runAsSession({ emailOnly: isEmailOnly(claims) }, () =>
      proofCheckedPush(claims, customerKey, request),
    );
  };
}
