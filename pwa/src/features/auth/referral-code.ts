/** The referral code a visitor arrived with (`?referral_code=`), kept until they sign up. */
const KEY = 'stemline.referral_code';

/** A code as the address gave it, trimmed and bounded as the sign-up payload takes it. */
export function cleanReferralCode(code: string | null | undefined): string | undefined {
  return code?.trim().slice(0, 64) || undefined;
}

export function rememberReferralCode(code: string): void {
  const cleaned = cleanReferralCode(code);
  if (cleaned) localStorage.setItem(KEY, cleaned);
}

export function referralCode(): string | undefined {
  return localStorage.getItem(KEY) ?? undefined;
}

/** Drops the kept code: the server said no customer has it, so no sign-up sends it again. */
export function forgetReferralCode(): void {
  localStorage.removeItem(KEY);
}
