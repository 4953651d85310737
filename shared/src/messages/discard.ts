/**
 * 'Discard the changes?': asked before a form's unsaved typing is dropped, however the buyer
 * leaves it (its Back, Escape or ×, a link, the browser's Back).
 */
export const discardMessages = {
  title: 'Discard the changes?',
  keep: 'Keep editing',
  discard: 'Discard',
  companyDetails: 'Your changes to the company details are not saved yet.',
  newAddress: 'The address you started is not saved yet.',
  changedAddress: 'Your changes to this address are not saved yet.',
} as const;
