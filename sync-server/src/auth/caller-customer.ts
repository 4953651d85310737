import type { Context } from 'koa';
import { stemlineMessages } from '@stemline/shared';
import { customerKeyOf } from './require-auth';
import { DomainError } from '../kernel/domain-error';

/**
 * The customer a checkout, order, card or favourite call acts for: always the token's. The spec's
 * payloads also name a `customer`; one naming someone else is refused rather than quietly
 * answered with the caller's own data, so a client bug cannot look like success.
 */
export function callerCustomer(ctx: Context, claimed: string | undefined): string {
  const customerKey = customerKeyOf(ctx);
  if (claimed !== undefined && claimed !== '' && claimed !== customerKey)
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  return customerKey;
}
