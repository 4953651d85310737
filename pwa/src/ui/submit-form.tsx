import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-aria-components';

/**
 * A form that submits by Enter or its submit button, with react-aria's `aria` validation (the
 * fields' own messages, no native bubbles). Contract: the browser's own submit never happens,
 * and `onSubmit` does not start again while `busy`, so one press sends one request.
 */
export function SubmitForm({
  busy,
  onSubmit,
  className,
  children,
}: {
  busy: boolean;
  onSubmit: () => Promise<void>;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form
      className={className}
      validationBehavior="aria"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (!busy) void onSubmit();
      }}
    >
      {children}
    </Form>
  );
}
