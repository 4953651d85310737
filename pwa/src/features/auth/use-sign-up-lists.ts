import { useEffect, useState } from 'react';
import { managerRowSchema, stateRowSchema, US_STATES } from '@stemline/shared';
import { z } from 'zod';
import { authApi } from './auth-api';

interface Option {
  value: string;
  label: string;
}

const STATE_FALLBACK: Option[] = US_STATES.map((state) => ({
  value: state.abbreviation,
  label: state.name,
}));

/**
 * The lists the hunter sign-up needs, from the public models of `load_all_by_model`: the staff a
 * contact owner is chosen from, and the state records (the state's key is what the older form
 * sends). States fall back to the built-in list offline.
 */
export function useSignUpLists(active: boolean): { owners: Option[] | null; states: Option[] } {
  const [owners, setOwners] = useState<Option[] | null>(null);
  const [states, setStates] = useState<Option[]>(STATE_FALLBACK);
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    void authApi.loadModel('manager').then((answer) => {
      if (cancelled || !answer.ok) return;
      const rows = z.array(managerRowSchema).catch([]).parse(answer.data.results);
      setOwners(
        rows
          .sort((a, b) => Number(b.hunter) - Number(a.hunter))
          .map((row) => ({ value: row._KEY, label: `${row.first_name} ${row.last_name}` })),
      );
    });
    void authApi.loadModel('state').then((answer) => {
      if (cancelled || !answer.ok) return;
      const rows = z.array(stateRowSchema).catch([]).parse(answer.data.results);
      if (rows.length > 0) setStates(rows.map((row) => ({ value: row._KEY, label: row.name })));
    });
    return () => {
      cancelled = true;
    };
  }, [active]);
  return { owners, states };
}
