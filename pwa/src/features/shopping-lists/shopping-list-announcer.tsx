import { useEffect, useRef, useState } from 'react';
import { shoppingListMessages } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import type { MutationDoc } from '../../storage/account-schemas';
import { Button, ModalDialog, showToast } from '../../ui';
import { useShoppingLists } from './use-shopping-lists';

/**
 * Tells the buyer the server's answers to queued list changes, wherever they are in the app:
 * a refusal opens the spec's 'shopping list not found' modal (the list is gone, e.g. deleted on
 * another device) or its 'shopping list error' modal (any other reason, in the server's words);
 * closing it drops the refused change from the outbox. A run answered while the app is open is
 * toasted; its full explanation stays on the list.
 */
export function ShoppingListAnnouncer() {
  const db = useAccountDb();
  const { answers } = useShoppingLists(db);
  const seenRuns = useRef<Set<string> | null>(null);
  const [shown, setShown] = useState<MutationDoc | null>(null);

  useEffect(() => {
    const runs = answers.filter((answer) => answer.status === 'applied');
    if (seenRuns.current === null) {
      // Runs answered before this page opened were told then; their report is on the list.
      seenRuns.current = new Set(runs.map((run) => run.id));
    }
    for (const run of runs) {
      if (seenRuns.current.has(run.id)) continue;
      seenRuns.current.add(run.id);
      showToast({ title: run.message ?? shoppingListMessages.runList, variant: 'info' });
    }
  }, [answers]);

  const refused = shown ?? answers.find((answer) => answer.status === 'rejected') ?? null;
  if (!db || !refused) return null;
  const notFound = refused.code === 'not_found';
  const close = () => {
    setShown(null);
    void db.mutations.findOne(refused.id).remove();
  };
  return (
    <ModalDialog
      isOpen
      role="alertdialog"
      onOpenChange={(open) => !open && close()}
      title={
        notFound ? shoppingListMessages.listNotFoundTitle : shoppingListMessages.listErrorTitle
      }
      size="sm"
      footer={<Button onPress={close}>OK</Button>}
    >
      <p>{notFound ? shoppingListMessages.listNotFound : refused.message}</p>
    </ModalDialog>
  );
}
