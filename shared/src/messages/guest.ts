/**
 * Texts of guest sessions and guest orders (ours: the spec says guests see prices after giving
 * an email, and leaves open what a session made from an email alone may reach).
 */
export const guestMessages = {
  confirmEmailTitle: 'Confirm your email',
  confirmEmailFirst:
    'Please confirm your email first: open the link we sent you. Until then you can see prices and fill a new cart.',
  confirmEmailWhy: (email: string) =>
    `Anyone can type an email, so we ask you to open the link we sent to ${email}. It shows your saved cards, addresses, orders and favourites, and lets you order.`,
  sendLink: 'Email me the link',
  linkSentTo: (email: string) => `We sent the link to ${email}. Open it on this device.`,
  linkNotSent: 'The link could not be sent. Please try again.',
  addressRequired: 'Please choose a delivery address to place your order.',
  emailUnverified: 'Please confirm your email to place your order: open the link we sent you.',
  guestCanOrder: 'You can order as a guest with a delivery address and a confirmed email.',
  /** Under a regular line the server holds because the guest's email is not confirmed yet. */
  heldUntilConfirmed:
    'Held for 30 minutes until you confirm your email: open the link we sent you to keep it.',
} as const;
