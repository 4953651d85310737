import { useState } from 'react';
import { shoppingListCardMessages, shoppingListNameSchema } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { Button, EmptyState, LinkButton, Skeleton, TextField } from '../../ui';
import { useFocusInvalid } from '../../ui/focus-invalid';
import { useLoginModal } from '../auth/login-modal-context';
import { useDeliveryDate } from '../delivery';
import { selectedAddressOf } from '../delivery/selected-address';
import { createList } from './list-actions';
import { ShoppingListCard } from './shopping-list-card';
import { useShoppingLists } from './use-shopping-lists';
import './shopping-lists.css';

/**
 * The buyer's shopping lists (`/shopping/home/account/lists`): make a list, see its items, and
 * add it to the cart for a delivery date. Read from the synced `shopping_lists` collection with
 * the queued changes over it, so the page opens and works offline.
 */
export function ShoppingListsPage() {
  const session = useSession();
  const db = useAccountDb();
  const openLogin = useLoginModal();
  const { chosen } = useDeliveryDate();
  const { lists, runsWaiting, loaded } = useShoppingLists(db);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const focusInvalid = useFocusInvalid();
  const address = session ? (selectedAddressOf(session.user)?._KEY ?? null) : null;

  const create = async (form: HTMLFormElement): Promise<void> => {
    if (!db) return;
    const parsed = shoppingListNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return focusInvalid(form);
    }
    // Not stored on this device (the buyer is told): the name stays to try again.
    if ((await createList(db, parsed.data)) !== null) setName('');
  };

  return (
    <section className="shopping-lists" aria-labelledby="shopping-lists-title">
      <div className="shopping-lists__head">
        <h1 id="shopping-lists-title" tabIndex={-1}>
          Shopping lists
        </h1>
        <LinkButton variant="secondary" href="/shopping/home/account/standing-orders">
          Standing orders
        </LinkButton>
      </div>
      {!session || !db ? (
        <EmptyState
          title="Log in to see your shopping lists"
          action={<Button onPress={openLogin}>Log in</Button>}
        >
          Lists are kept with your account.
        </EmptyState>
      ) : (
        <>
          <form
            className="shopping-lists__create"
            onSubmit={(event) => {
              event.preventDefault();
              void create(event.currentTarget);
            }}
          >
            <TextField
              label="New list name"
              value={name}
              onChange={(value) => {
                setName(value);
                setError(undefined);
              }}
              errorMessage={error}
              placeholder="Weekly cooler"
            />
            <Button type="submit">Create list</Button>
          </form>
          {!loaded ? (
            <Skeleton shape="block" height="6rem" />
          ) : lists.length === 0 ? (
            <EmptyState
              title="No shopping lists yet"
              action={<LinkButton href="/shopping/home">Browse the catalogue</LinkButton>}
            >
              {shoppingListCardMessages.noLists}
            </EmptyState>
          ) : (
            <ul className="shopping-lists__list">
              {lists.map((list) => (
                <ShoppingListCard
                  key={list.key}
                  db={db}
                  list={list}
                  etaDate={chosen}
                  address={address}
                  runWaiting={runsWaiting.has(list.key)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
