import {
  accountMessages,
  COMPANY_NAME_MAX,
  stemlineMessages,
  updateCompanyParamsSchema,
  validateAddressForm,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf, userKeyOf } from '../auth/require-auth';
import { createUserRepository } from '../auth/user-repository';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../http/domain-error';

/**
 * Run `update_company_details` (issue 27, spec §2 company details): the company's main user
 * renames it and edits its main address; anyone else is refused. The address passes the shared
 * address-form rule (spec §5) and is stored as that rule normalised it; a refusal changes
 * nothing. Answers the caller's user, whose metadata carries the new name and address.
 */
export function companyOperations(app: AppContext): RunOperations {
  const users = createUserRepository(app.db);
  const mainUserOf = app.db.prepare<[string], { main_user_key: string | null; guest: number }>(
    'SELECT main_user_key, guest FROM customers WHERE key = ?',
  );
  const update = app.db.prepare<[string, string, string, string, string, string]>(
    `UPDATE customers SET name = ?, main_street = ?, main_city = ?, main_state = ?, main_zipcode = ?
     WHERE key = ?`,
  );
  return {
    update_company_details(ctx, params) {
      const input = updateCompanyParamsSchema.parse(params);
      const customerKey = customerKeyOf(ctx);
      const userKey = userKeyOf(ctx);
      const customer = mainUserOf.get(customerKey);
      if (!customer || customer.guest === 1 || customer.main_user_key !== userKey)
        throw new DomainError('forbidden', accountMessages.companyOnlyMainUser);
      const name = input.name.normalize('NFC').trim().replace(/ +/g, ' ');
      if (name === '')
        throw new DomainError('invalid_request', accountMessages.companyNameRequired, {
          errors: { name: accountMessages.companyNameRequired },
        });
      if ([...name].length > COMPANY_NAME_MAX)
        throw new DomainError(
          'invalid_request',
          accountMessages.companyNameTooLong(COMPANY_NAME_MAX),
          {
            errors: { name: accountMessages.companyNameTooLong(COMPANY_NAME_MAX) },
          },
        );
      const address = validateAddressForm(input.address);
      if (!address.ok)
        throw new DomainError('invalid_request', address.message, { errors: address.errors });
      const { value } = address;
      update.run(name, value.address, value.city, value.state, value.zipcode, customerKey);
      const user = users.findByKey(userKey)?.user;
      if (!user) throw new DomainError('not_found', stemlineMessages.forbidden);
      return { success: true, user, message: accountMessages.companySaved };
    },
  };
}
