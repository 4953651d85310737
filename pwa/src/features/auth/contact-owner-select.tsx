import { OptionSelect } from '../../ui';
interface Owner {
  value: string;
  label: string;
}

/**
 * 'Contact owner' of a hunter sign-up (spec §2 `?signup=hunter`): the required choice of the
 * sales rep who owns the new customer, among the owners loaded so far (none while loading).
 */
export function ContactOwnerSelect({
  owners,
  value,
  onChange,
  error,
}: {
  owners: readonly Owner[] | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <OptionSelect
      label="Contact owner"
      options={owners ?? []}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
