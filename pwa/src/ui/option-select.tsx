import { Select, SelectItem } from './select';

/** One choice of an OptionSelect: the value it stands for and the text shown. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled single-choice select over fixed options, with its error. */
export function OptionSelect({
  label,
  options,
  value,
  onChange,
  error,
  isRequired = true,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  isRequired?: boolean;
}) {
  return (
    <Select
      label={label}
      items={options.map((option) => ({ id: option.value, name: option.label }))}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      errorMessage={error}
      placeholder="Choose…"
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  );
}
