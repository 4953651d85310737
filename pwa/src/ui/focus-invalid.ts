import { useEffect, useState } from 'react';

/**
 * After a refused submit: call the returned function where the errors are set (same render),
 * and once they show, focus goes to the first field of the form marked `aria-invalid="true"`
 * (react-aria fields mark themselves when given an error). A keyboard user lands on what to fix
 * and a screen reader reads that field's name and error; focus on the submit button said
 * nothing. The form is `form`, else the one holding focus (its submit button, or the field
 * where Enter was pressed). Nothing moves when no field is invalid (e.g. a form-wide error).
 */
export function useFocusInvalid(): (form?: Element | null) => void {
  const [refused, setRefused] = useState<{ form: Element | null } | null>(null);
  useEffect(() => {
    refused?.form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  return (form) => setRefused({ form: form ?? document.activeElement?.closest('form') ?? null });
}
