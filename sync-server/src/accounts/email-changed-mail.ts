import type { OutgoingMail } from '../mail/mailer';

/**
 * The mail to a user's old address when its sign-in email changes (`update_user_customer_email`):
 * whoever made the change, the owner hears of it where they still read their mail.
 */
export function emailChangedMail(to: string, newEmail: string, byStaff: boolean): OutgoingMail {
  return {
    kind: 'email_changed',
    to,
    subject: 'Your Stemline sign-in email was changed',
    text: [
      'Hello,',
      '',
      `The sign-in email of your Stemline account was changed${byStaff ? ' by Stemline staff' : ''} from ${to} to ${newEmail}.`,
      'Every device signed in to the account was signed out.',
      '',
      'If you did not ask for this, reply to this mail at once so we can give the account back to you.',
      '',
      'Stemline',
    ].join('\n'),
  };
}
