import { accountMessages } from '@stemline/shared';
import { Link } from '../../ui';

const [before, after] = accountMessages.emailTaken.split('click here') as [string, string];

/**
 * Spec §5 'This email address already belongs to an account. Please click here (to login or if
 * you forgot your password) or use another email address.', with 'click here' as a link to log in.
 */
export function EmailTakenMessage({ onLogin }: { onLogin: () => void }) {
  return (
    <span>
      {before}
      <Link onPress={onLogin}>click here</Link>
      {after}
    </span>
  );
}
