import type { SqlExecutor } from '../db/sql-engine';

/** Captcha solutions already used (`captcha_used`), kept until they would have expired. */
export function createCaptchaRepository(engine: SqlExecutor) {
  return {
    isUsed: async (signature: string): Promise<boolean> =>
      (await engine.one('SELECT signature FROM captcha_used WHERE signature = ?', [signature])) !==
      undefined,
    /** Records a solution as used; true only the first time (the insert decides a race). */
    use: (signature: string, expiresAt: number, nowMs: number): Promise<boolean> =>
      engine.transaction(async (tx) => {
        await tx.run('DELETE FROM captcha_used WHERE expires_at < ?', [nowMs]);
        const { changes } = await tx.run(
          `INSERT INTO captcha_used (signature, expires_at) VALUES (?, ?)
           ON CONFLICT (signature) DO NOTHING`,
          [signature, expiresAt],
        );
        return changes === 1;
      }),
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
