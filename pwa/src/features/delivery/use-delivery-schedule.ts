import { useEffect, useState } from 'react';
import { deliveryScheduleAnswerSchema, type DeliverySchedule } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { useSession } from '../../session/use-session';
import { selectedAddressOf } from './selected-address';

const known = new Map<string, DeliverySchedule | null>();

/**
 * The delivery schedule of the address the order goes to (run `delivery_schedule`): which
 * weekdays deliver there. Null for visitors, while loading, and offline with nothing asked
 * before on this page: then no day is blocked by it, and the server still checks at checkout.
 */
export function useDeliverySchedule(): DeliverySchedule | null {
  const user = useSession()?.user;
  const address = user?.metadata.customer ? selectedAddressOf(user) : null;
  const zipcode = address?.zipcode ?? '';
  const state = address?.state ?? '';
  const id = `${zipcode}-${state}`;
  const [answer, setAnswer] = useState<{ id: string; schedule: DeliverySchedule | null } | null>(
    null,
  );

  useEffect(() => {
    if (zipcode === '') return;
    let cancelled = false;
    void apiRequest<unknown>('/api/cs/run', {
      method: 'POST',
      body: {
        key: 'delivery_schedule',
        params: state === '' ? { zipcode } : { zipcode, state },
      },
    }).then((answer) => {
      const parsed = answer.success ? deliveryScheduleAnswerSchema.safeParse(answer.data) : null;
      if (!parsed?.success || cancelled) return;
      known.set(id, parsed.data.results);
      setAnswer({ id, schedule: parsed.data.results });
    });
    return () => {
      cancelled = true;
    };
  }, [id, zipcode, state]);
  if (zipcode === '') return null;
  return answer?.id === id ? answer.schedule : (known.get(id) ?? null);
}
