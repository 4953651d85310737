import type { OutgoingMail } from './mailer';

/** The texts of the mails accounts send. Links stand on their own line so mail clients link them. */

export function passwordResetMail(to: string, link: string, validMinutes: number): OutgoingMail {
  return {
    kind: 'password_reset',
    to,
    subject: 'Create your new Stemline password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Stemline account. To choose a new password, open this link:',
      '',
      link,
      '',
      `The link works once, for ${validMinutes} minutes. If you did not ask for it, you can ignore this mail; your password stays as it is.`,
      '',
      'Stemline',
    ].join('\n'),
  };
}

export function emailVerificationMail(to: string, link: string): OutgoingMail {
  return {
    kind: 'email_verification',
    to,
    subject: 'Confirm your email for Stemline',
    text: [
      'Hello,',
      '',
      'Please confirm your email address to keep seeing live prices from more than 100 farms:',
      '',
      link,
      '',
      'Stemline',
    ].join('\n'),
  };
}

export function referralMail(to: string, fromCompany: string, link: string): OutgoingMail {
  return {
    kind: 'referral',
    to,
    subject: `${fromCompany} invites you to Stemline: 15% off your first order`,
    text: [
      'Hello,',
      '',
      `${fromCompany} buys fresh flowers straight from the farms on Stemline and invites you to join.`,
      'Sign up with this link and your first order is 15% off:',
      '',
      link,
      '',
      'Stemline',
    ].join('\n'),
  };
}
