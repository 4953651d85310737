import { claimMessages } from '@stemline/shared';
import { Button, DialogTrigger, ModalDialog } from '../../ui';

/** The claim process info modal of spec §2: how a claim is filed and decided. */
export function ClaimProcessInfo() {
  return (
    <DialogTrigger>
      <Button variant="quiet" size="sm">
        {claimMessages.processInfoTitle}
      </Button>
      <ModalDialog title={claimMessages.processInfoTitle} size="sm">
        <ol className="claim-process-info">
          {claimMessages.processInfo.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </ModalDialog>
    </DialogTrigger>
  );
}
