/**
 * Texts of the lists page only (its cards and run reports): apart from `shoppingListMessages`,
 * which the catalogue's Add to list brings into the first screen.
 */
export const shoppingListCardMessages = {
  noLists: 'Create a list above, then add flowers to it from the catalogue with Add to list.',
  runQueued: 'The list will be added to your cart as soon as you are online.',
  alternativeSameVariety: 'Same variety from another farm',
  alternativeSameGroup: 'Same kind, colour and length',
  /** A run queued while online, but Stemline cannot be reached. */
  runWaiting:
    'Stemline cannot be reached just now: the list will be added to your cart once it can.',
  runAdding: 'Adding the list to your cart…',
  deleteList: 'Delete list',
  deleteListTitle: (name: string) => `Delete the list ${name}?`,
  deleteListBody: 'The list and its items are deleted. This cannot be undone.',
  keepList: 'Keep it',
} as const;
