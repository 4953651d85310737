import type { Db } from '../db/database';

/** Captcha solutions already used (`captcha_used`), kept until they would have expired. */
export function createCaptchaRepository(db: Db) {
  const markUsed = db.prepare<[string, number]>(
    'INSERT OR IGNORE INTO captcha_used (signature, expires_at) VALUES (?, ?)',
  );
  const isUsed = db.prepare<[string], { signature: string }>(
    'SELECT signature FROM captcha_used WHERE signature = ?',
  );
  const prune = db.prepare<[number]>('DELETE FROM captcha_used WHERE expires_at < ?');
  const use = db.transaction((signature: string, expiresAt: number, nowMs: number): boolean => {
    prune.run(nowMs);
    return markUsed.run(signature, expiresAt).changes === 1;
  });
  return {
    isUsed: (signature: string): boolean => isUsed.get(signature) !== undefined,
    /** Records a solution as used; true only the first time (the insert decides a race). */
    use: (signature: string, expiresAt: number, nowMs: number): boolean =>
      use(signature, expiresAt, nowMs),
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
