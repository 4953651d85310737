import { accountMessages } from '@stemline/shared';

/**
 * The messages of a user's name pair (both required, blanks do not count), by field; a field
 * without a problem is undefined so the result can replace a form's errors as it is.
 */
export function nameProblems(names: { first_name: string; last_name: string }): {
  first_name: string | undefined;
  last_name: string | undefined;
} {
  return {
    first_name: names.first_name.trim() === '' ? accountMessages.enterFirstName : undefined,
    last_name: names.last_name.trim() === '' ? accountMessages.enterLastName : undefined,
  };
}
