import { flagChoices, type FlagChoice } from './sales-flag-choice';
import { OptionSelect } from '../../ui';

/**
 * One sales flag of the staff 'Edit user' dialog as an optional select: Yes/No starting at the
 * flag's current value, or with 'Leave as it is' first when the current value is not known.
 */
export function SalesFlagSelect({
  label,
  current,
  value,
  onChange,
}: {
  label: string;
  current: boolean | undefined;
  value: FlagChoice;
  onChange: (choice: FlagChoice) => void;
}) {
  const choices = flagChoices(current);
  return (
    <OptionSelect
      label={label}
      options={choices}
      value={value}
      onChange={(picked) => {
        const choice = choices.find((option) => option.value === picked);
        if (choice) onChange(choice.value);
      }}
      isRequired={false}
    />
  );
}
