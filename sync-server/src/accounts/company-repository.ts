import type { SqlExecutor } from '../db/sql-engine';

/** A company's name and main address as `update_company_details` writes them. */
export interface CompanyDetails {
  name: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
}

/** The company details of a customer (spec §2): who may edit them, and the edit. */
export function createCompanyRepository(engine: SqlExecutor) {
  return {
    /** The customer's main user and whether it is a guest; undefined for an unknown customer. */
    async owner(
      customerKey: string,
    ): Promise<{ mainUserKey: string | null; guest: boolean } | undefined> {
      const row = await engine.one<{ main_user_key: string | null; guest: number }>(
        'SELECT main_user_key, guest FROM customers WHERE key = ?',
        [customerKey],
      );
      return row && { mainUserKey: row.main_user_key, guest: row.guest === 1 };
    },
    async update(customerKey: string, details: CompanyDetails): Promise<void> {
      await engine.run(
        `UPDATE customers SET name = ?, main_street = ?, main_city = ?, main_state = ?, main_zipcode = ?
         WHERE key = ?`,
        [details.name, details.address, details.city, details.state, details.zipcode, customerKey],
      );
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
