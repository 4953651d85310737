import { useEffect, useState } from 'react';
import { scheduleMessages } from '@stemline/shared';
import { apiRequest } from '../../api/client';

const known = new Map<string, string>();

/**
 * Says plainly whether Stemline delivers to a 5-digit zip code (`POST
 * /api/customer/zipcode_available`), under the sign-up's and the address form's zip field.
 * Nothing until five digits are typed, or when the answer cannot be had (offline).
 */
export function ZipcodeAvailability({ zipcode }: { zipcode: string }) {
  const zip = /^\d{5}$/.test(zipcode) ? zipcode : null;
  const [answer, setAnswer] = useState<{ zip: string; message: string } | null>(null);
  useEffect(() => {
    if (zip === null || known.has(zip)) return;
    let cancelled = false;
    void apiRequest<{ message?: unknown }>('/api/customer/zipcode_available', {
      method: 'POST',
      body: { zipcode: zip },
    }).then((result) => {
      if (cancelled || !result.success || typeof result.data.message !== 'string') return;
      known.set(zip, result.data.message);
      setAnswer({ zip, message: result.data.message });
    });
    return () => {
      cancelled = true;
    };
  }, [zip]);
  if (zip === null) return null;
  const message = known.get(zip) ?? (answer?.zip === zip ? answer.message : null);
  if (message === null) return null;
  return (
    <span
      role="status"
      data-testid="zipcode-availability"
      data-available={message === scheduleMessages.zipcodeAvailable(zip) || undefined}
    >
      {message}
    </span>
  );
}
