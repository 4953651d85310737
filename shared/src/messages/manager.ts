export const managerMessages = {
  yourManager: 'Your account manager',
  noManager: 'No account manager is assigned to you yet. Our team is happy to help.',
  notYourManager: 'This is not your account manager.',
  managerNotFound: 'No such account manager.',
  newManagerSubject: 'Meet your new Stemline account manager',
  newManagerSent: (email: string) => `The customer was told of their new manager at ${email}.`,
} as const;
