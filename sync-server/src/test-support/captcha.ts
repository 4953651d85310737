import { solveChallenge } from 'altcha-lib/v1';
import { captchaChallengeSchema, type CaptchaChallenge } from '@stemline/shared';

/** Solves an ALTCHA challenge for real, as the browser's worker does; returns the token to send. */
export async function solveCaptchaChallenge(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the captcha challenge had no solution');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

/** Fetches a challenge from a running server and solves it (a fresh, single-use token). */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/security/captcha_challenge`);
  return solveCaptchaChallenge(captchaChallengeSchema.parse(await response.json()));
}
