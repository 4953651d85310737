/** The referral code a visitor arrived with (`?referral_code=`), kept until they sign up. */
const KEY = 'stemline.referral_code';

export function rememberReferralCode(code: string): void {
  const cleaned = code.trim().slice(0, 64);
  if (cleaned) localStorage.setItem(KEY, cleaned);
}

export function referralCode(): string | undefined {
  return localStorage.getItem(KEY) ?? undefined;
}
