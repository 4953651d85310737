import { useCallback, useEffect, useRef } from 'react';
import { captchaToken, type CaptchaResult } from './captcha-token';

/** A prefetched solution older than this is not used (challenges expire after 10 minutes). */
const FRESH_FOR_MS = 8 * 60_000;

interface Prefetched {
  at: number;
  result: Promise<CaptchaResult>;
}

/**
 * Solves one captcha in the background when a form opens (`active`, and online), so pressing
 * Log in or Continue rarely waits for the proof of work. `take()` hands that solution out once;
 * a second attempt solves a fresh one then (each solution is good for one try).
 */
export function useCaptcha(active: boolean): () => Promise<CaptchaResult> {
  const next = useRef<Prefetched | null>(null);
  useEffect(() => {
    if (active && navigator.onLine && !next.current) {
      next.current = { at: Date.now(), result: captchaToken() };
    }
    if (!active) next.current = null;
  }, [active]);
  return useCallback(async () => {
    const ready = next.current;
    next.current = null;
    if (ready && Date.now() - ready.at < FRESH_FOR_MS) {
      const result = await ready.result;
      // A prefetch that failed (offline at the time) is retried once, now.
      if (result.ok || !navigator.onLine) return result;
    }
    return captchaToken();
  }, []);
}
