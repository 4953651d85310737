import { useState } from 'react';
import { checkoutMessages, type SavedCard } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import type { AccountDb } from '../../storage/account-db';
import { Button, ModalDialog, Select, SelectItem, showToast } from '../../ui';
import { AddCardForm } from './add-card-form';
import { cardLabel } from './card-label';

interface PaymentPickerProps {
  db: AccountDb;
  cards: readonly SavedCard[];
  loaded: boolean;
  online: boolean;
  selectedKey: string | null;
  onSelect: (key: string) => void;
}

/**
 * Choose a saved card, save a new one or remove one. Cards are listed from the synced
 * `payment_cards` collection, so the choice works offline; saving and removing need the server.
 */
export function PaymentPicker({
  cards,
  loaded,
  online,
  selectedKey,
  onSelect,
}: PaymentPickerProps) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [busy, setBusy] = useState(false);
  const items = cards.map((card) => ({ id: card.key, name: cardLabel(card) }));
  const selected = cards.find((card) => card.key === selectedKey) ?? null;

  const remove = async (card: SavedCard): Promise<void> => {
    setBusy(true);
    const answer = await apiRequest('/api/cs/run', {
      method: 'POST',
      body: { key: 'delete_payment', params: { key: card.key } },
    });
    setBusy(false);
    setRemoving(null);
    showToast(
      answer.success
        ? { title: checkoutMessages.cardDeleted, variant: 'success' }
        : { title: checkoutMessages.cardNotRemoved, description: answer.error, variant: 'error' },
    );
  };

  return (
    <div className="payment-picker">
      {!loaded ? (
        <p className="checkout__hint">Loading your saved cards…</p>
      ) : cards.length === 0 ? (
        <p className="checkout__hint">No saved card yet. Add one to pay for this order.</p>
      ) : (
        <Select
          label="Pay with"
          items={items}
          selectedKey={selectedKey}
          onSelectionChange={(key) => {
            if (key !== null) onSelect(String(key));
          }}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      )}
      <div className="payment-picker__actions">
        <Button variant="secondary" size="sm" onPress={() => setAdding(true)} isDisabled={!online}>
          Add a card
        </Button>
        {selected && (
          <Button
            variant="quiet"
            size="sm"
            onPress={() => setRemoving(selected)}
            isDisabled={!online}
            aria-label={`Remove card: ${cardLabel(selected)}`}
          >
            Remove card
          </Button>
        )}
      </div>
      {!online && <p className="checkout__hint">{checkoutMessages.cardNeedsConnection}</p>}
      <ModalDialog isOpen={adding} onOpenChange={setAdding} title="Add a card" size="md">
        <AddCardForm
          onCancel={() => setAdding(false)}
          onSaved={(card) => {
            onSelect(card.key);
            setAdding(false);
          }}
        />
      </ModalDialog>
      <ModalDialog
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this card?"
        subtitle={removing ? cardLabel(removing) : undefined}
        role="alertdialog"
        size="sm"
        footer={
          <>
            <Button variant="quiet" onPress={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              isPending={busy}
              onPress={() => {
                if (removing) void remove(removing);
              }}
            >
              Remove card
            </Button>
          </>
        }
      >
        <p>Orders already paid with it are not affected.</p>
      </ModalDialog>
    </div>
  );
}
