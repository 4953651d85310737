import {
  accountMessages,
  COMPANY_NAME_MAX,
  isPlaceholderCompanyName,
  MAIN_ADDRESS_KEY,
  stemlineMessages,
  updateCompanyParamsSchema,
  validateAddressForm,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf, userKeyOf } from '../auth/require-auth';
import { reshipCartLines } from '../customers/cart-lines-bound';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';

/**
 * Run `update_company_details` (issue 27, spec §2 company details): the company's main user
 * renames it and edits its main address; anyone else is refused. The address passes the shared
 * address-form rule (spec §5) and is stored as that rule normalised it, and the cart's lines
 * bound for the main address take the new one; a refusal changes nothing. Answers the caller's
 * user, whose metadata carries the new name and address.
 */
export function companyOperations(app: AppContext): RunOperations {
  const { users, companies } = app.repos;
  return {
    async update_company_details(ctx, params) {
      const input = updateCompanyParamsSchema.parse(params);
      const customerKey = customerKeyOf(ctx);
      const userKey = userKeyOf(ctx);
      const owner = await companies.owner(customerKey);
      if (!owner || owner.guest || owner.mainUserKey !== userKey)
        throw new DomainError('forbidden', accountMessages.companyOnlyMainUser);
      const name = input.name.normalize('NFC').trim().replace(/ +/g, ' ');
      if (name === '')
        throw new DomainError('invalid_request', accountMessages.companyNameRequired, {
          errors: { name: accountMessages.companyNameRequired },
        });
      if (isPlaceholderCompanyName(name))
        throw new DomainError('invalid_request', accountMessages.companyNameNotNA, {
          errors: { name: accountMessages.companyNameNotNA },
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
      const reshipped = await app.transactional(async () => {
        await companies.update(customerKey, { name, ...value });
        return reshipCartLines(app, customerKey, { _KEY: MAIN_ADDRESS_KEY, ...value });
      })();
      if (reshipped > 0) app.changes.poke(customerKey, ['cart_lines']);
      const user = (await users.findByKey(userKey))?.user;
      if (!user) throw new DomainError('not_found', stemlineMessages.forbidden);
      return { success: true, user, message: accountMessages.companySaved };
    },
  };
}
