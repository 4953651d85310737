import Router from '@koa/router';
import { z } from 'zod';
import { DomainError } from '../kernel/domain-error';
import { isOperatorRequest } from '../mail/loopback';

export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

/** A clock that runs with real time plus an offset end-to-end tests can move forward. */
export function createTestClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}

const advanceSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600_000),
});

/**
 * `POST /api/test/clock {advanceMs}`: moves the server clock forward and runs the reservation
 * sweep at once. Registered only when STEMLINE_TEST_CLOCK=1 (end-to-end tests); never in a
 * normal start. Even then only the operator's own requests reach it (`isOperatorRequest`):
 * anyone else would end every buyer's holds and sessions; they get the 404 of an unknown call.
 */
export function testClockRoutes(
  clock: TestClock,
  afterAdvance: () => Promise<void>,
  trustedProxyHops: number,
): Router {
  const router = new Router();
  router.post('/api/test/clock', async (ctx) => {
    if (!isOperatorRequest(ctx, trustedProxyHops))
      throw new DomainError('not_found', 'No such API call.');
    const { advanceMs } = advanceSchema.parse(ctx.request.body);
    clock.advance(advanceMs);
    await afterAdvance();
    ctx.body = { success: true, serverNow: clock.now() };
  });
  return router;
}
