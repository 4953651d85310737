import { managerMessages } from '@stemline/shared';
import { useSession } from '../../session/use-session';
import { Button, DialogTrigger, Link, ModalDialog } from '../../ui';
import { cmsPath, type CmsSlug } from '../cms/cms-page-list';
import { ManagerCard } from './manager-card';
import { useAccountManager } from './use-account-manager';
import './account-manager.css';

/** The content pages Help leads to, with the words of their links. */
const HELP_PAGES: readonly [CmsSlug, string][] = [
  ['faq', 'Frequently asked questions'],
  ['shipping', 'Shipping and delivery'],
  ['claim-policy', 'Claim policy'],
];

/** The header's Help: the florist's account manager, to call or mail, and the help pages. */
export function HelpMenu() {
  const customerKey = useSession()?.user.metadata.customer ?? null;
  const state = useAccountManager(customerKey);
  return (
    <DialogTrigger>
      <Button variant="quiet">Help</Button>
      <ModalDialog title="Help" size="sm">
        {({ close }) => (
          <>
            <h3 className="help-menu__heading">{managerMessages.yourManager}</h3>
            <ManagerCard state={state} />
            <nav className="help-menu__pages" aria-label="Help pages">
              <ul>
                {HELP_PAGES.map(([slug, label]) => (
                  <li key={slug}>
                    <Link href={cmsPath(slug)} onPress={close}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </>
        )}
      </ModalDialog>
    </DialogTrigger>
  );
}
