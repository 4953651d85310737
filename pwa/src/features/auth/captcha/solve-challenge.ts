import { solveChallenge } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '@stemline/shared';
import { sha256Hex } from './sha256';

/**
 * Finds the number whose SHA-256 with the salt is the challenge (ALTCHA proof of work), with
 * altcha-lib on Web Crypto, or in plain JavaScript where Web Crypto is not offered (insecure
 * origins). Null when no number up to `maxnumber` fits.
 */
export async function solveCaptchaNumber(challenge: CaptchaChallenge): Promise<number | null> {
  if (globalThis.crypto?.subtle && challenge.algorithm === 'SHA-256') {
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    return solution?.number ?? null;
  }
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (sha256Hex(`${challenge.salt}${number}`) === challenge.challenge) return number;
  }
  return null;
}
