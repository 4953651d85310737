import { managerMessages, type AccountManager } from '@stemline/shared';
import type { OutgoingMail } from '../mail/mailer';

/** The mail a customer gets when staff give them a new account manager (`send_new_manager_email`). */
export function newManagerMail(
  to: string,
  firstName: string,
  manager: AccountManager,
  accountUrl: string,
): OutgoingMail {
  return {
    kind: 'new_manager',
    to,
    subject: managerMessages.newManagerSubject,
    text: [
      `Hello ${firstName},`,
      '',
      `${manager.name} is now your Stemline account manager and is happy to help with orders, events and anything else.`,
      '',
      `Email: ${manager.email}`,
      ...(manager.phone ? [`Phone: ${manager.phone}`] : []),
      '',
      'Your account manager is also shown in your account area:',
      '',
      accountUrl,
      '',
      'Stemline',
    ].join('\n'),
  };
}
