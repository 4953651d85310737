import {
  disabledWeekRowSchema,
  fakeEmailDomainRowSchema,
  managerAdminRowSchema,
  type DisabledWeekRow,
} from '@stemline/shared';
import type { ConfigRecords } from './config-record-repository';

/** Names of the config-record models (spec §3 Config, §6). */
export const CONFIG_MODELS = {
  fakeEmailDomains: 'fake_email_domains',
  staffCompanyDomain: 'staff_company_domain',
  managerAdmin: 'manager_admin',
  disabledWeeks: 'standing_order.disabled_weeks',
} as const;

/** What the rest of the server asks of the config records; rows that do not parse are skipped. */
export function createConfigLookups(records: ConfigRecords) {
  const domains = async (model: string): Promise<string[]> =>
    (await records.all(model)).flatMap(({ doc }) => {
      const row = fakeEmailDomainRowSchema.safeParse(doc);
      return row.success ? [row.data.domain] : [];
    });
  const managerAdmins = async (): Promise<Set<string>> =>
    new Set(
      (await records.all(CONFIG_MODELS.managerAdmin)).flatMap(({ key, doc }) => {
        const row = managerAdminRowSchema.safeParse({ ...doc, _KEY: key });
        return row.success ? row.data.users : [];
      }),
    );
  return {
    fakeEmailDomains: () => domains(CONFIG_MODELS.fakeEmailDomains),
    staffCompanyDomains: () => domains(CONFIG_MODELS.staffCompanyDomain),
    /** True when a manager_admin entry lists the user. */
    async isManagerAdmin(userKey: string): Promise<boolean> {
      return (await managerAdmins()).has(userKey);
    },
    /** Every user some manager_admin entry lists. */
    managerAdmins,
    async disabledWeeks(): Promise<DisabledWeekRow[]> {
      return (await records.all(CONFIG_MODELS.disabledWeeks)).flatMap(({ doc }) => {
        const row = disabledWeekRowSchema.safeParse(doc);
        return row.success ? [row.data] : [];
      });
    },
  };
}
export type ConfigLookups = ReturnType<typeof createConfigLookups>;
