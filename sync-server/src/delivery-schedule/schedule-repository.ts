import type { DeliverySchedule } from '@stemline/shared';
import type { SqlEngine, SqlExecutor } from '../db/sql-engine';

/**
 * The weekdays and cut-off that deliver to a region (`delivery_schedules`): a region is a zip
 * prefix (`zip:100`) or a state (`state:FL`). An empty weekday list means Stemline does not
 * deliver there. Seeded on start (`seedDeliverySchedules`).
 */
export const SEEDED_SCHEDULES: readonly { region: string; weekdays: number[]; cutoff: string }[] = [
  ...['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => ({
    region: `zip:${digit}`,
    weekdays: [1, 2, 3, 4, 5],
    cutoff: '12:00',
  })),
  // Florida's trucks run twice a week.
  { region: 'state:FL', weekdays: [2, 4], cutoff: '12:00' },
  // Manhattan: a later cut-off.
  { region: 'zip:100', weekdays: [1, 2, 3, 4, 5], cutoff: '14:00' },
  // Alaska, Hawaii, Puerto Rico and the islands: not delivered (boxes travel by truck).
  ...['006', '007', '008', '009', '967', '968', '969', '995', '996', '997', '998', '999'].map(
    (prefix) => ({ region: `zip:${prefix}`, weekdays: [], cutoff: '12:00' }),
  ),
];

/** Writes the seeded schedules whose region has none yet, in one transaction. */
export async function seedDeliverySchedules(engine: SqlEngine): Promise<void> {
  await engine.transaction(async (tx) => {
    for (const row of SEEDED_SCHEDULES) {
      await tx.run(
        `INSERT INTO delivery_schedules (region, weekdays, cutoff) VALUES (?, ?, ?)
         ON CONFLICT (region) DO NOTHING`,
        [row.region, row.weekdays.join(','), row.cutoff],
      );
    }
  });
}

export function createScheduleRepository(engine: SqlExecutor) {
  return {
    /**
     * The schedule of an address: its 3-digit zip prefix first, then its state, then its 2- and
     * 1-digit prefixes. Undefined when no region covers it.
     */
    async forAddress(zipcode: string, state: string | null): Promise<DeliverySchedule | undefined> {
      const regions = [
        `zip:${zipcode.slice(0, 3)}`,
        ...(state ? [`state:${state.toUpperCase()}`] : []),
        `zip:${zipcode.slice(0, 2)}`,
        `zip:${zipcode.slice(0, 1)}`,
      ];
      for (const region of regions) {
        const row = await engine.one<{ region: string; weekdays: string; cutoff: string }>(
          'SELECT region, weekdays, cutoff FROM delivery_schedules WHERE region = ?',
          [region],
        );
        if (row) {
          return {
            zipcode,
            region: row.region,
            weekdays: row.weekdays === '' ? [] : row.weekdays.split(',').map(Number),
            cutoff: row.cutoff,
          };
        }
      }
      return undefined;
    },
    /** A customer's main zip and state, and the zip staff let it order for (`force_zipcode`). */
    customerArea(customerKey: string) {
      return engine.one<{
        main_zipcode: string | null;
        main_state: string | null;
        force_zipcode: string | null;
      }>('SELECT main_zipcode, main_state, force_zipcode FROM customers WHERE key = ?', [
        customerKey,
      ]);
    },
    /** Sets or clears (null) a customer's forced zip; false for an unknown customer. */
    async forceZipcode(customerKey: string, zipcode: string | null): Promise<boolean> {
      const { changes } = await engine.run('UPDATE customers SET force_zipcode = ? WHERE key = ?', [
        zipcode,
        customerKey,
      ]);
      return changes > 0;
    },
  };
}
