/// <reference lib="webworker" />
import { captchaChallengeSchema } from '@stemline/shared';
import { solveCaptchaNumber } from './solve-challenge';

/** Solves one captcha challenge off the main thread; answers the number, or null. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<unknown>) => {
  const challenge = captchaChallengeSchema.safeParse(event.data);
  if (!challenge.success) {
    scope.postMessage(null);
    return;
  }
  void solveCaptchaNumber(challenge.data).then(
    (number) => scope.postMessage(number),
    () => scope.postMessage(null),
  );
};
