import { useState } from 'react';
import { useSession } from '../../session/use-session';
import { Button, EmptyState } from '../../ui';
import { useLoginModal } from '../auth/login-modal-context';
import { CompanyDetailsForm, EditCompanyButton } from './company-details-form';
import { formatCityLine, mainAddressOf } from './selected-address';

/**
 * /shopping/home/company-details (spec §2), reached from Edit on the main address: the company
 * (with the phone and resale number its sign-up gave) and its main address. The company's main
 * user may edit both (issue 27); other users read them. Guests have no main address and are told
 * how to get one.
 */
export function CompanyDetailsPage() {
  const session = useSession();
  const openLogin = useLoginModal();
  const [editing, setEditing] = useState(false);
  // After the form closes, focus goes back to Edit, which replaced it (not the page's start).
  const [leftForm, setLeftForm] = useState(false);
  if (!session) {
    return (
      <section className="company-details">
        <h1>Company details</h1>
        <EmptyState title="Log in to see your company details">
          <Button onPress={openLogin}>Sign up or log in</Button>
        </EmptyState>
      </section>
    );
  }
  const meta = session.user.metadata;
  const main = mainAddressOf(session.user);
  const mainUser = !meta.guest && meta.main_user_key === session.user.key;
  if (mainUser && editing) {
    return (
      <section className="company-details" aria-labelledby="company-details-title">
        <h1 id="company-details-title">Company details</h1>
        <CompanyDetailsForm
          name={meta.customer_name ?? ''}
          main={main}
          onDone={() => {
            setEditing(false);
            setLeftForm(true);
          }}
        />
      </section>
    );
  }
  return (
    <section className="company-details" aria-labelledby="company-details-title">
      <h1 id="company-details-title">Company details</h1>
      <dl className="company-details__facts">
        <dt>Company</dt>
        <dd>{meta.customer_name ?? '—'}</dd>
        <dt>Buyer</dt>
        <dd>
          {session.user.first_name} {session.user.last_name} ({session.user.email})
        </dd>
        {meta.customer_mobile_phone ? (
          <>
            <dt>Phone</dt>
            <dd>{meta.customer_mobile_phone}</dd>
          </>
        ) : null}
        {meta.customer_resale_number ? (
          <>
            <dt>Resale number</dt>
            <dd>{meta.customer_resale_number}</dd>
          </>
        ) : null}
      </dl>
      <h2>Main address</h2>
      {main ? (
        <address className="company-details__address" data-testid="main-address">
          {main.address}
          <br />
          {formatCityLine(main)}
        </address>
      ) : (
        <EmptyState title="No main address yet">
          {meta.guest
            ? 'Guest accounts have no main address. Upgrade to a full account to keep one.'
            : 'Your account manager adds the main address of your company.'}
        </EmptyState>
      )}
      {mainUser ? (
        <EditCompanyButton autoFocus={leftForm} onPress={() => setEditing(true)} />
      ) : (
        <p className="company-details__note">
          Only the main user of your company can change these details. For a single order to another
          place, add a one-time address in the delivery address picker.
        </p>
      )}
    </section>
  );
}
