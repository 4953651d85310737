/** The links of a mail's text, as the dev mailbox and the console line show them. */
export const MAIL_LINK = /https?:\/\/[^\s<>"']+/g;
