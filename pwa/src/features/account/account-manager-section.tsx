import { managerMessages } from '@stemline/shared';
import { ManagerCard } from './manager-card';
import { useAccountManager } from './use-account-manager';
import './account-manager.css';

/** The account area's "Your account manager" (spec §6: florists get their manager loaded). */
export function AccountManagerSection({ customerKey }: { customerKey: string }) {
  const state = useAccountManager(customerKey);
  return (
    <section className="account-card" aria-labelledby="account-manager-title">
      <h2 id="account-manager-title">{managerMessages.yourManager}</h2>
      <ManagerCard state={state} />
    </section>
  );
}
