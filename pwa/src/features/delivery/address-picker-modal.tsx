import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  deliveryMessages,
  discardMessages,
  formatEtaDate,
  messages,
  scheduleMessages,
  weekdayName,
  type ActualAddress,
  type AddressField,
  type AddressFields,
  type EtaDate,
  type VisibleAddress,
} from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { isQuotaError } from '../../sync/outbox';
import { useSyncStatus } from '../../sync/use-sync-status';
import { Button, EmptyState, ModalDialog, showToast, Skeleton } from '../../ui';
import { useLeaveGuard } from '../shell/leave-guard';
import { enqueueDeleteAddress, enqueueSaveAddress } from './address-mutations';
import { ConfirmButtons } from '../../ui/confirm-buttons';
import { AddressForm, EMPTY_ADDRESS_FIELDS, sameAddressFields } from './address-form';
import { AddressRow } from './address-row';
import { dateForAddress } from './date-for-address';
import { patchSessionUser } from './session-user';
import { formatAddress, mainAddressOf, selectAddress, selectedAddressOf } from './selected-address';
import { useAddresses } from './use-addresses';
import { useDeliveryDate } from './use-delivery-date';

type Draft = Record<AddressField, string>;
/** The address form, and what was typed in it when it was left for 'Discard the changes?'. */
type FormView =
  { kind: 'add'; draft?: Draft } | { kind: 'edit'; address: VisibleAddress; draft?: Draft };
type View =
  | { kind: 'list' }
  | FormView
  | { kind: 'delete'; address: VisibleAddress }
  /** Asked on leaving a form with typing; `then` is where a discard goes: the list or away. */
  | { kind: 'discard'; form: FormView; then: 'list' | 'close' };

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
  const { chosen } = useDeliveryDate();
  const keepDateDelivered = useKeepDateDelivered();
  const [view, setView] = useState<View>({ kind: 'list' });
  // Back on the list, focus returns to the control that left it (WCAG 2.4.3), not to Close.
  const returnFocus = useRef<string | null>(null);
  // What the open form holds, null until its first change.
  const typed = useRef<Draft | null>(null);
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
    typed.current = null;
    setView({ kind: 'list' });
    onClose();
  };
  const openForm = (form: FormView): void => {
    typed.current = null;
    setView(form);
  };
  /** Leaves the form for the list or away, asking first when that would lose typing. */
  const leaveForm = (form: FormView, then: 'list' | 'close'): void => {
    const values = typed.current;
    if (values && !sameAddressFields(values, originalFields(form))) {
      setView({ kind: 'discard', form: { ...form, draft: values }, then });
    } else if (then === 'close') close();
    else showList(formOpener(form));
  };
  const discard = (form: FormView, then: 'list' | 'close'): void => {
    typed.current = null;
    if (then === 'close') close();
    else showList(formOpener(form));
  };
  // Leaving the page (the browser's Back) with typing in the form asks here too; a discard then
  // closes the picker and goes on.
  const leaving = useLeaveGuard(
    () => {
      const form = view.kind === 'discard' ? view.form : view.kind === 'list' ? null : view;
      if (form === null || form.kind === 'delete' || typed.current === null) return false;
      return !sameAddressFields(typed.current, originalFields(form));
    },
    () => {
      if (view.kind === 'add' || view.kind === 'edit') leaveForm(view, 'close');
    },
  );
  const keepEditing = (form: FormView): void => {
    leaving?.stay();
    setView(form);
  };
  const pick = async (address: ActualAddress): Promise<void> => {
    if (!db) return;
    try {
      await selectAddress(db, address);
      setView({ kind: 'list' });
      onPicked();
      void keepDateDelivered(address, chosen);
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
    // The selected address edited: the delivery bar and the order go to its new street at once.
    if (key !== undefined && selected?._KEY === key) setSelected({ _KEY: key, ...fields });
    typed.current = null;
    showList(key === undefined ? ADD_ID : editId(key));
  };
  const remove = async (address: VisibleAddress): Promise<void> => {
    if (!db) return;
    try {
      await enqueueDeleteAddress(db, address.key);
      // The selected address deleted: as on the server, the main address stands in (a guest,
      // who has none, is asked to choose).
      if (selected?._KEY === address.key) setSelected(null);
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
          : view.kind === 'discard'
            ? discardMessages.title
            : 'Delete this address?';

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (open) return;
        // Escape in a confirmation cancels it, as an alert dialog's does. A form's own Escape is
        // Back (below); this is its ×, or a click beside the dialog.
        if (view.kind === 'delete') showList(deleteId(view.address.key));
        else if (view.kind === 'discard') keepEditing(view.form);
        else if (view.kind === 'add' || view.kind === 'edit') leaveForm(view, 'close');
        else close();
      }}
      title={title}
      role={view.kind === 'delete' || view.kind === 'discard' ? 'alertdialog' : 'dialog'}
      className="address-picker"
      footer={
        view.kind === 'discard' ? (
          <ConfirmButtons
            keep={discardMessages.keep}
            onKeep={() => keepEditing(view.form)}
            act={discardMessages.discard}
            onAct={() => {
              discard(view.form, leaving ? 'close' : view.then);
              leaving?.leave();
            }}
          />
        ) : view.kind === 'delete' ? (
          <ConfirmButtons
            keep="Cancel"
            onKeep={() => showList(deleteId(view.address.key))}
            act="Delete"
            onAct={() => void remove(view.address)}
          />
        ) : undefined
      }
    >
      {view.kind === 'add' || view.kind === 'edit' ? (
        <AddressForm
          key={view.kind === 'edit' ? view.address.key : 'new'}
          initial={originalFields(view)}
          draft={view.draft}
          onValuesChange={(values) => {
            typed.current = values;
          }}
          submitLabel={
            view.kind === 'edit' ? messages.updateAddressButton : messages.addAddressButton
          }
          failureMessage={deliveryMessages.addressSaveFailed}
          onSubmit={(fields) => save(fields, view.kind === 'edit' ? view.address.key : undefined)}
          autoFocus
          onCancel={() => leaveForm(view, 'list')}
          onEscape={() => leaveForm(view, 'list')}
        />
      ) : view.kind === 'delete' ? (
        <p className="address-picker__confirm">{formatAddress(view.address)}</p>
      ) : view.kind === 'discard' ? (
        <p className="address-picker__message">
          {view.form.kind === 'add' ? discardMessages.newAddress : discardMessages.changedAddress}
        </p>
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
                onPress={() => openForm({ kind: 'add' })}
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
                          onPress={() => openForm({ kind: 'edit', address })}
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

/**
 * After an address is picked: when its region is not delivered on the date chosen (Miami on a
 * Wednesday), the date moves to the next day delivered there, and a toast (announced) says the
 * region's weekdays and the new date (with no such day open in the coming weeks, to pick one in the
 * calendar). Moved rather than asked: the old date could take no add for this address, and the
 * delivery bar shows the new one, a tap from the calendar. A zip not delivered at all is told until
 * dismissed, the date left alone. Offline (the schedule unknown) nothing is said: the server still
 * refuses such an add. The latest pick wins; a date chosen meanwhile is kept.
 */
function useKeepDateDelivered() {
  const [, setParams] = useSearchParams();
  const latest = useRef(0);
  return async (address: ActualAddress, chosen: EtaDate | null): Promise<void> => {
    const pick = ++latest.current;
    const found = await dateForAddress(address, chosen);
    if (pick !== latest.current || found.kind === 'delivered') return;
    if (found.kind === 'zipcode') {
      showToast({
        title: scheduleMessages.notDeliveredTo(found.zipcode),
        variant: 'error',
        timeout: 0,
      });
      return;
    }
    // A date chosen meanwhile stands.
    if (new URLSearchParams(window.location.search).get('date') !== String(chosen)) return;
    const days = found.schedule.weekdays.filter((day) => day <= 5).sort((a, b) => a - b);
    const title = scheduleMessages.deliveredOn(found.schedule.zipcode, days.map(weekdayName));
    if (found.kind === 'none') {
      showToast({ title, description: scheduleMessages.pickDeliveredDay });
      return;
    }
    const date = String(found.date);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('date', date);
        return next;
      },
      // Back does not bring the date this address cannot take back.
      { replace: true },
    );
    showToast({ title, description: scheduleMessages.dateMoved(formatEtaDate(found.date)) });
  };
}

function formFields(address: VisibleAddress) {
  return {
    address: address.address,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
  };
}

function originalFields(form: FormView): Draft {
  return form.kind === 'edit' ? formFields(form.address) : EMPTY_ADDRESS_FIELDS;
}

/** The list control that opened the form, where focus goes back when it is left. */
function formOpener(form: FormView): string {
  return form.kind === 'edit' ? editId(form.address.key) : ADD_ID;
}

function toActual(address: VisibleAddress): ActualAddress {
  return { _KEY: address.key, ...formFields(address) };
}

/** This device's selected address, as the server will have it once the queued call lands. */
function setSelected(address: ActualAddress | null): void {
  const text = address ? JSON.stringify(address) : null;
  patchSessionUser((user) => ({
    ...user,
    metadata: { ...user.metadata, customer_actual_address: text },
  }));
}

function storageHint(error: unknown): string | undefined {
  return isQuotaError(error) ? 'This device is out of storage space.' : undefined;
}
