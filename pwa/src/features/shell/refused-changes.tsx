import { map } from 'rxjs';
import { mutationNamesAbout, mutationSubject, type MutationSubject } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';
import { Button } from '../../ui';
import './refused-changes.css';

const NONE: MutationDoc[] = [];

/**
 * The changes about `about` that the server refused, on the screen where they were made: each
 * titled by what it was about, with the server's reason, until the buyer dismisses it (which
 * removes it from the outbox). The screen itself no longer shows the change: a refused change
 * leaves the optimistic overlay at once.
 */
export function RefusedChanges({ db, about }: { db: AccountDb; about: MutationSubject }) {
  const refused = useObservable(
    () =>
      db.mutations
        .find({
          selector: { status: 'rejected', name: { $in: mutationNamesAbout(about) } },
          sort: [{ createdAt: 'asc' }],
        })
        .$.pipe(map((docs) => docs.map((doc): MutationDoc => doc.toMutableJSON()))),
    NONE,
    [db, about],
  );
  if (refused.length === 0) return null;
  return (
    <ul
      className="refused-changes sl-message-list"
      aria-label="Changes not saved"
      aria-live="polite"
    >
      {refused.map((change) => (
        <li key={change.id} className="refused-changes__item sl-message-row" data-tone="danger">
          <span>
            <strong>{mutationSubject(change.name).refused}</strong>
            {nameOf(change) && <> ({nameOf(change)})</>}
            {change.message && <>: {change.message}</>}
          </span>
          <Button
            variant="quiet"
            size="sm"
            // The visible word begins the name (WCAG 2.5.3); the title tells one from another.
            aria-label={`Dismiss: ${mutationSubject(change.name).refused}`}
            onPress={() => void db.mutations.bulkRemove([change.id])}
          >
            Dismiss
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The name the change gave its event or standing order, if it carried one. */
function nameOf(change: MutationDoc): string | undefined {
  const name = change.args.name;
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}
