import { lazy, Suspense } from 'react';
import type { AccountDb } from '../../storage/account-db';
import type { AddToListRequest } from '../catalog/catalog-actions';

// The dialog's code loads on the first "Add to list": the catalogue's start-up stays as small.
const AddToListDialog = lazy(() =>
  import('./add-to-list-dialog').then((m) => ({ default: m.AddToListDialog })),
);

/**
 * The catalogue page's one "Add to list" dialog, for the row a card or the product detail asked
 * for. `db` may still be null while the buyer's account database opens (just after logging in):
 * the dialog then shows that it is opening the lists, and becomes the form once it is there.
 */
export function AddToListHost({
  request,
  db,
  onClose,
}: {
  request: AddToListRequest;
  db: AccountDb | null;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <AddToListDialog
        db={db}
        row={request.row}
        variety={request.variety}
        quantity={request.quantity}
        onClose={onClose}
      />
    </Suspense>
  );
}
