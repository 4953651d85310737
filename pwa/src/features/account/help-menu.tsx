import { managerMessages } from '@stemline/shared';
import { useSession } from '../../session/use-session';
import { Button, DialogTrigger, ModalDialog } from '../../ui';
import { ManagerCard } from './manager-card';
import { useAccountManager } from './use-account-manager';
import './account-manager.css';

/** The header's Help: the florist's account manager, to call or mail. */
export function HelpMenu() {
  const customerKey = useSession()?.user.metadata.customer ?? null;
  const state = useAccountManager(customerKey);
  return (
    <DialogTrigger>
      <Button variant="quiet">Help</Button>
      <ModalDialog title="Help" size="sm">
        <h3 className="help-menu__heading">{managerMessages.yourManager}</h3>
        <ManagerCard state={state} />
      </ModalDialog>
    </DialogTrigger>
  );
}
