import { captchaChallengeSchema, type CaptchaChallenge } from '@stemline/shared';
import { apiRequest } from '../../../api/client';
import { solveCaptchaNumber } from './solve-challenge';

/** A captcha solution for the action inquirySubmit, or why there is none. */
export type CaptchaResult =
  { ok: true; token: string } | { ok: false; reason: 'offline' | 'failed' };

const SOLVE_TIMEOUT_MS = 20_000;

function solveInWorker(challenge: CaptchaChallenge): Promise<number | null> {
  if (typeof Worker === 'undefined') return solveCaptchaNumber(challenge);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' });
    const finish = (number: number | null): void => {
      clearTimeout(timer);
      worker.terminate();
      resolve(number);
    };
    const timer = setTimeout(() => finish(null), SOLVE_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<unknown>) =>
      finish(typeof event.data === 'number' ? event.data : null);
    worker.onerror = () => {
      // A worker that cannot start (old browser, blocked script) falls back to this thread.
      clearTimeout(timer);
      worker.terminate();
      void solveCaptchaNumber(challenge).then(resolve, () => resolve(null));
    };
    worker.postMessage(challenge);
  });
}

/**
 * Fetches a fresh ALTCHA challenge and solves it in a Web Worker, answering the base64 payload
 * the server takes as `reCaptchaToken`. Each solution is good for one log-in or sign-up.
 */
export async function captchaToken(): Promise<CaptchaResult> {
  const answer = await apiRequest<unknown>('/api/security/captcha_challenge');
  if (!answer.success) return { ok: false, reason: answer.offline ? 'offline' : 'failed' };
  const challenge = captchaChallengeSchema.safeParse(answer.data);
  if (!challenge.success) return { ok: false, reason: 'failed' };
  const number = await solveInWorker(challenge.data);
  if (number === null) return { ok: false, reason: 'failed' };
  const { algorithm, challenge: hash, salt, signature } = challenge.data;
  return {
    ok: true,
    token: btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature })),
  };
}
