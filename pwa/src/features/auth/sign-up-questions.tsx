import { DISCOVERY_SOURCES, EXPENSE_BANDS } from '@stemline/shared';
import { OptionSelect } from '../../ui';

/**
 * The two optional sign-up questions (spec §1, §9) both sign-up forms ask: monthly flower
 * expenses (`expenses`) and how the visitor heard of us (`heard_from`). '' means not answered;
 * neither is ever required.
 */
export function SignUpQuestions({
  expenses,
  heardFrom,
  onChange,
}: {
  expenses: string;
  heardFrom: string;
  onChange: (patch: { expenses?: string; heard_from?: string }) => void;
}) {
  return (
    <>
      <OptionSelect
        label="How much do you spend on flowers a month? (optional)"
        options={EXPENSE_BANDS}
        value={expenses}
        onChange={(value) => onChange({ expenses: value })}
        isRequired={false}
      />
      <OptionSelect
        label="How did you hear about us? (optional)"
        options={DISCOVERY_SOURCES}
        value={heardFrom}
        onChange={(value) => onChange({ heard_from: value })}
        isRequired={false}
      />
    </>
  );
}
