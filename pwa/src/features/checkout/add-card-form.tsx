import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  addCardAnswerSchema,
  cardProblems,
  checkoutMessages,
  marketToday,
  type SavedCard,
} from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { serverClock } from '../../api/server-clock';
import { Button, showToast, TextField } from '../../ui';
import { useFocusInvalid } from '../../ui/focus-invalid';

type Field = 'number' | 'expiry' | 'cvv' | 'holder';
type Errors = Partial<Record<Field, string | undefined>>;

const EMPTY = { holder: '', number: '', month: '', year: '', cvv: '' };

/**
 * Saves a card: the number and CVV go straight to the server, which keeps only brand, last four
 * digits and expiry. It needs a connection — a card number must never wait in the outbox — and
 * it forgets what was typed as soon as it is sent. The shared rule checks the card first, so
 * every mistake shows at once, each on the field it concerns.
 */
export function AddCardForm({
  onSaved,
  onCancel,
}: {
  onSaved: (card: SavedCard) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focusInvalid = useFocusInvalid();
  const errorField: Record<keyof typeof EMPTY, Field> = {
    holder: 'holder',
    number: 'number',
    month: 'expiry',
    year: 'expiry',
    cvv: 'cvv',
  };
  /** Typing in a field clears its message: the next Save checks again. */
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [errorField[field]]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const params = {
      number: values.number,
      exp_month: values.month,
      exp_year: values.year,
      cvv: values.cvv,
      holder_name: values.holder.trim(),
    };
    // Every mistake at once, each on its field: one at a time would take a Save per mistake.
    const found: Errors = {};
    if (params.holder_name === '') found.holder = checkoutMessages.cardHolderRequired;
    for (const problem of cardProblems(params, marketToday(serverClock.now())))
      found[problem.field] = problem.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return focusInvalid(form);
    setSaving(true);
    const answer = await apiRequest('/api/cs/run', {
      method: 'POST',
      body: { key: 'accounting_add_card', params },
    });
    setSaving(false);
    if (answer.success) {
      const saved = addCardAnswerSchema.safeParse(answer.data);
      setValues(EMPTY);
      showToast({ title: checkoutMessages.cardSaved, variant: 'success' });
      if (saved.success) onSaved(saved.data.result);
      return;
    }
    if (answer.offline) {
      setFormError(checkoutMessages.cardNeedsConnection);
      return;
    }
    const field = (answer.data as { field?: unknown } | null)?.field;
    if (field === 'number' || field === 'expiry' || field === 'cvv') {
      setErrors({ [field]: answer.error });
      focusInvalid(form);
    } else setFormError(answer.error);
  };

  return (
    <Form
      className="card-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Add a card"
      validationBehavior="aria"
    >
      <TextField
        label="Name on card"
        value={values.holder}
        onChange={set('holder')}
        autoComplete="cc-name"
        isRequired
        maxLength={80}
        errorMessage={errors.holder}
      />
      <TextField
        label="Card number"
        value={values.number}
        onChange={set('number')}
        autoComplete="cc-number"
        inputMode="numeric"
        isRequired
        maxLength={23}
        placeholder="1234 5678 9012 3456"
        description="Amex, Diners, Discover, JCB, MasterCard or Visa"
        errorMessage={errors.number}
      />
      <div className="card-form__row">
        <TextField
          label="Expiry month"
          value={values.month}
          onChange={set('month')}
          autoComplete="cc-exp-month"
          inputMode="numeric"
          isRequired
          maxLength={2}
          placeholder="MM"
          errorMessage={errors.expiry}
        />
        <TextField
          label="Expiry year"
          value={values.year}
          onChange={set('year')}
          autoComplete="cc-exp-year"
          inputMode="numeric"
          isRequired
          maxLength={4}
          placeholder="YY"
        />
        <TextField
          label="Security code"
          value={values.cvv}
          onChange={set('cvv')}
          autoComplete="cc-csc"
          inputMode="numeric"
          type="password"
          isRequired
          maxLength={4}
          placeholder="CVV"
          errorMessage={errors.cvv}
        />
      </div>
      {formError !== null && (
        <p className="card-form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="card-form__actions">
        <Button variant="quiet" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={saving} pendingLabel="Saving the card">
          Save card
        </Button>
      </div>
    </Form>
  );
}
