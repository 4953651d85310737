import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  deliveryMessages,
  messages,
  type ActualAddress,
  type AddressFields,
  type VisibleAddress,
} from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { isQuotaError } from '../../sync/outbox';
import { useSyncStatus } from '../../sync/use-sync-status';
import {
  Button,
  CheckIcon,
  EmptyState,
  ModalDialog,
  showToast,
  Skeleton,
  StatusPill,
} from '../../ui';
import { enqueueDeleteAddress, enqueueSaveAddress } from './address-mutations';
import { AddressForm } from './address-form';
import {
  formatAddress,
  formatCityLine,
  mainAddressOf,
  selectAddress,
  selectedAddressOf,
} from './selected-address';
import { useAddresses } from './use-addresses';

type View =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'edit'; address: VisibleAddress }
  | { kind: 'delete'; address: VisibleAddress };

/** The id of '+add', where focus goes back after adding or deleting an address. */
const ADD_ID = 'address-picker-add';
const editId = (key: string): string => `address-edit-${key}`;
const deleteId = (key: string): string => `address-delete-${key}`;

export interface AddressPickerModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called after an address was picked (the modal is then closed by the caller). */
  onPicked: () => void;
}

/**
 * The delivery-address picker modal (spec §2): the main address with Edit (not for guests), the
 * 'Other (one time) addresses' with '+add', Edit and Delete, and their form. Every change is a
 * queued mutation, so it works offline and syncs by itself; each row says what is still waiting.
 */
export function AddressPickerModal({ isOpen, onClose, onPicked }: AddressPickerModalProps) {
  const session = useSession();
  const db = useAccountDb();
  const navigate = useNavigate();
  const book = useAddresses(db);
  const { reachable } = useSyncStatus();
  const [view, setView] = useState<View>({ kind: 'list' });
  // Back on the list, focus returns to the control that left it (WCAG 2.4.3), not to Close.
  const returnFocus = useRef<string | null>(null);
  const showList = (focusId: string): void => {
    returnFocus.current = focusId;
    setView({ kind: 'list' });
  };
  useEffect(() => {
    const id = returnFocus.current;
    if (view.kind !== 'list' || id === null) return;
    returnFocus.current = null;
    const target = document.getElementById(id);
    (target && !target.matches(':disabled') ? target : document.getElementById(ADD_ID))?.focus();
  }, [view]);
  const user = session?.user;
  const main = user ? mainAddressOf(user) : null;
  const selected = user ? selectedAddressOf(user) : null;

  const close = (): void => {
    setView({ kind: 'list' });
    onClose();
  };
  const pick = async (address: ActualAddress): Promise<void> => {
    if (!db) return;
    try {
      await selectAddress(db, address);
      setView({ kind: 'list' });
      onPicked();
    } catch (error) {
      showToast({
        title: deliveryMessages.addressSaveFailed,
        description: storageHint(error),
        variant: 'error',
      });
    }
  };
  const save = async (fields: AddressFields, key?: string): Promise<void> => {
    if (!db) return;
    await enqueueSaveAddress(db, fields, key);
    showList(key === undefined ? ADD_ID : editId(key));
  };
  const remove = async (address: VisibleAddress): Promise<void> => {
    if (!db) return;
    try {
      await enqueueDeleteAddress(db, address.key);
    } catch (error) {
      showToast({
        title: messages.addressDeleteFailed,
        description: storageHint(error),
        variant: 'error',
      });
    }
    showList(ADD_ID);
  };

  const title =
    view.kind === 'list'
      ? messages.selectDeliveryAddress
      : view.kind === 'add'
        ? messages.addAddressTitle
        : view.kind === 'edit'
          ? messages.editAddressTitle
          : 'Delete this address?';

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (open) return;
        // Escape in 'Delete this address?' cancels the deletion, as an alert dialog's does.
        if (view.kind === 'delete') showList(deleteId(view.address.key));
        else close();
      }}
      title={title}
      role={view.kind === 'delete' ? 'alertdialog' : 'dialog'}
      className="address-picker"
      footer={
        view.kind === 'delete'
          ? () => (
              <>
                <Button variant="secondary" onPress={() => showList(deleteId(view.address.key))}>
                  Cancel
                </Button>
                <Button variant="danger" onPress={() => void remove(view.address)}>
                  Delete
                </Button>
              </>
            )
          : undefined
      }
    >
      {view.kind === 'add' || view.kind === 'edit' ? (
        <AddressForm
          key={view.kind === 'edit' ? view.address.key : 'new'}
          initial={view.kind === 'edit' ? formFields(view.address) : undefined}
          submitLabel={
            view.kind === 'edit' ? messages.updateAddressButton : messages.addAddressButton
          }
          failureMessage={deliveryMessages.addressSaveFailed}
          onSubmit={(fields) => save(fields, view.kind === 'edit' ? view.address.key : undefined)}
          autoFocus
          onCancel={() => showList(view.kind === 'edit' ? editId(view.address.key) : ADD_ID)}
        />
      ) : view.kind === 'delete' ? (
        <p className="address-picker__confirm">{formatAddress(view.address)}</p>
      ) : (
        <div className="address-picker__list">
          {main && (
            <section className="address-picker__section" aria-labelledby="address-main-heading">
              <h3 id="address-main-heading" className="address-picker__heading">
                Main address
              </h3>
              <ul className="address-picker__rows">
                <AddressRow
                  address={main}
                  isSelected={selected?._KEY === main._KEY}
                  onPick={() => void pick(main)}
                  actions={
                    <Button
                      variant="quiet"
                      size="sm"
                      aria-label="Edit the main address"
                      onPress={() => {
                        close();
                        void navigate('/shopping/home/company-details');
                      }}
                    >
                      Edit
                    </Button>
                  }
                />
              </ul>
            </section>
          )}
          <section className="address-picker__section" aria-labelledby="address-other-heading">
            <div className="address-picker__section-header">
              <h3 id="address-other-heading" className="address-picker__heading">
                {messages.otherAddresses}
              </h3>
              <Button
                id={ADD_ID}
                variant="quiet"
                size="sm"
                onPress={() => setView({ kind: 'add' })}
              >
                {messages.addAddressLink}
              </Button>
            </div>
            {!book.loaded || (!book.pulled && reachable && book.addresses.length === 0) ? (
              <div aria-busy="true" aria-label="Loading your addresses">
                <Skeleton className="address-picker__skeleton" />
              </div>
            ) : book.addresses.length === 0 ? (
              <EmptyState title="No other addresses yet">
                {book.pulled || reachable
                  ? 'Add one for an order that goes somewhere else, such as a venue.'
                  : 'Your saved addresses appear once this device has been online.'}
              </EmptyState>
            ) : (
              <ul className="address-picker__rows">
                {book.addresses.map((address) => (
                  <AddressRow
                    key={address.key}
                    address={address}
                    isSelected={selected?._KEY === address.key}
                    pending={address.pending}
                    offline={!reachable}
                    onPick={() => void pick(toActual(address))}
                    actions={
                      <>
                        <Button
                          variant="quiet"
                          size="sm"
                          id={editId(address.key)}
                          aria-label={`Edit ${address.address}`}
                          isDisabled={address.pending === 'deleting'}
                          onPress={() => setView({ kind: 'edit', address })}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="quiet"
                          size="sm"
                          id={deleteId(address.key)}
                          aria-label={`Delete ${address.address}`}
                          isDisabled={address.pending === 'deleting'}
                          isPending={address.pending === 'deleting'}
                          onPress={() => setView({ kind: 'delete', address })}
                        >
                          Delete
                        </Button>
                      </>
                    }
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </ModalDialog>
  );
}

interface AddressRowProps {
  address: ActualAddress | VisibleAddress;
  isSelected: boolean;
  pending?: VisibleAddress['pending'];
  offline?: boolean;
  onPick: () => void;
  actions: ReactNode;
}

function AddressRow({
  address,
  isSelected,
  pending = null,
  offline = false,
  onPick,
  actions,
}: AddressRowProps) {
  return (
    <li className="address-row" data-selected={isSelected || undefined}>
      <Button
        variant="quiet"
        className="address-row__pick"
        aria-label={`Deliver to ${formatAddress(address)}${isSelected ? ', selected' : ''}`}
        isDisabled={pending === 'deleting'}
        onPress={onPick}
      >
        {/* The name must contain these words (WCAG 2.5.3), "… Street Hoboken, NJ 07030 Selected":
            the spaces, not drawn between grid and flex items, keep them apart. */}
        <span className="address-row__text">
          <span>{address.address}</span>{' '}
          <span className="address-row__city">{formatCityLine(address)}</span>
        </span>{' '}
        {isSelected && (
          <span className="address-row__selected">
            <CheckIcon aria-hidden="true" /> Selected
          </span>
        )}
      </Button>
      <div className="address-row__actions">
        {pending && (
          <StatusPill status={offline ? 'offline' : 'pending'}>
            {pending === 'deleting'
              ? offline
                ? 'Removed when back online'
                : 'Removing…'
              : offline
                ? 'Saved on this device'
                : 'Saving…'}
          </StatusPill>
        )}
        {actions}
      </div>
    </li>
  );
}

function formFields(address: VisibleAddress) {
  return {
    address: address.address,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
  };
}

function toActual(address: VisibleAddress): ActualAddress {
  return { _KEY: address.key, ...formFields(address) };
}

function storageHint(error: unknown): string | undefined {
  return isQuotaError(error) ? 'This device is out of storage space.' : undefined;
}
