import { useState } from 'react';

/** What a text field needs to edit one value of a form: `bind(field)` gives it. */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  errorMessage: string | undefined;
}

/** Field names of `Values` whose value is a string (what a text field or a select edits). */
type TextKeys<Values> = {
  [Key in keyof Values]-?: NonNullable<Values[Key]> extends string ? Key : never;
}[keyof Values];

/**
 * The values of a form and one error message per field. Contract: changing a field (`set`,
 * `bind`, `bindSelect`) clears that field's own error and leaves the others, so a message stays
 * until the user edits the field it is about; `setErrors` replaces them all (a check or the
 * server's answer). `Field` names the errors; it defaults to the value names and may be wider
 * (an error about a value the form does not edit, such as a read-only email).
 */
export function useFieldForm<Values extends object, Field extends PropertyKey = keyof Values>(
  initial: Values,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string | undefined>>>({});

  /** Patches values and clears the errors of `cleared` (the patched fields unless named). */
  const patch = (
    changes: Partial<Values>,
    cleared: readonly PropertyKey[] = Object.keys(changes),
  ) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(cleared.map((key) => [key, undefined])),
    }));
  };
  const set =
    <Key extends keyof Values>(field: Key) =>
    (value: Values[Key]): void =>
      patch({ [field]: value } as unknown as Partial<Values>);
  const errorOf = (field: keyof Values): string | undefined =>
    (errors as Partial<Record<PropertyKey, string>>)[field];
  // A TextKeys field holds a string (or nothing yet), so a string is a valid value for it.
  const textValue = (field: TextKeys<Values>): string =>
    (values[field] as string | undefined) ?? '';
  const setText = (field: TextKeys<Values>) => set(field) as (value: string) => void;

  return {
    values,
    errors,
    setErrors,
    patch,
    set,
    /** Back to `initial` with no errors. */
    reset: () => {
      setValues(initial);
      setErrors({});
    },
    /** Props of a TextField editing `field`: value, onChange and errorMessage. */
    bind: (field: TextKeys<Values>): FieldBinding => ({
      value: textValue(field),
      onChange: setText(field),
      errorMessage: errorOf(field),
    }),
    /** Props of an OptionSelect editing `field`: value, onChange and error. */
    bindSelect: (field: TextKeys<Values>) => ({
      value: textValue(field),
      onChange: setText(field),
      error: errorOf(field),
    }),
  };
}
