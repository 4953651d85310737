import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button, TextField } from '../../ui';
import { CompanyUsersSection } from './company-users-section';
import type { EditorRights } from './edit-user-dialog';

/**
 * Staff only (a manager's own session, never a login-as one): pick a customer by key and manage
 * its users with the sales tools (`sales_update_user`; for an admin, any user's
 * `update_user_customer_email` and `add_user`).
 * The account page renders it only for staff; the server refuses these calls to anyone else.
 */
export function StaffUsersSection({ rights }: { rights: EditorRights }) {
  const [draft, setDraft] = useState('');
  const [customer, setCustomer] = useState<string | null>(null);
  return (
    <section className="account-card" aria-labelledby="account-staff-title">
      <h2 id="account-staff-title">Sales: a customer’s users</h2>
      <Form
        className="account-form account-form--inline"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          const key = draft.trim();
          if (key) setCustomer(key);
        }}
      >
        <TextField label="Customer key" value={draft} onChange={setDraft} isRequired />
        <div className="account-form__actions">
          <Button type="submit" variant="secondary">
            Show users
          </Button>
        </div>
      </Form>
      {customer && (
        <CompanyUsersSection
          key={customer}
          customer={customer}
          title={`Users of customer ${customer}`}
          rights={{ ...rights, staff: true, manage: true, mainUserKey: null }}
        />
      )}
    </section>
  );
}
