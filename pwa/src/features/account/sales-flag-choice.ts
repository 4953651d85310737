/**
 * A sales flag (`hunter`, `admin_redirect`) as the staff 'Edit user' dialog offers it. When the
 * user summary carries the flag's current value the choice is Yes or No, starting at that
 * value; when it does not (an older answer) 'Leave as it is' comes first and is the start.
 * Only a choice that differs from the known value is sent to `sales_update_user`.
 */
export type FlagChoice = 'keep' | 'yes' | 'no';

const LEAVE = { value: 'keep', label: 'Leave as it is' } as const;
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** The options for a flag whose current value is `current` (undefined: not known). */
export function flagChoices(current: boolean | undefined) {
  return current === undefined ? [LEAVE, ...YES_NO] : YES_NO;
}

/** Where the choice starts: the current value, or 'keep' when it is not known. */
export function initialFlagChoice(current: boolean | undefined): FlagChoice {
  return current === undefined ? 'keep' : current ? 'yes' : 'no';
}

/** The value to send for `choice`, or undefined when it leaves the flag as it is. */
export function flagChange(choice: FlagChoice, current: boolean | undefined): boolean | undefined {
  if (choice === 'keep') return undefined;
  const wanted = choice === 'yes';
  return wanted === current ? undefined : wanted;
}
