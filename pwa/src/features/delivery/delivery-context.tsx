import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EtaDate } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { DeliveryDateRequestContext } from '../catalog/delivery-date-request';
import { AddressAnnouncer } from './address-announcer';
import { AddressPickerModal } from './address-picker-modal';
import { AutomaticDeliveryDate } from './automatic-delivery-date';
import { CalendarModal, type CalendarMode } from './calendar-modal';
import { CATALOG_PATHS } from './catalog-paths';
import { SelectedAddressSync } from './selected-address-sync';
import { useDeliveryDate } from './use-delivery-date';
import './delivery.css';

export interface DeliveryDatePicker {
  /**
   * Opens the calendar modal. Resolves with the chosen date once it is in the URL, or null when
   * the buyer closes the calendar without choosing.
   */
  open: (options?: { mode?: CalendarMode }) => Promise<EtaDate | null>;
}

export interface AddressPicker {
  /** Opens the delivery-address picker modal. */
  open: () => void;
}

const DatePickerContext = createContext<DeliveryDatePicker | null>(null);
const AddressPickerContext = createContext<AddressPicker | null>(null);

/**
 * Hosts the delivery calendar and the address picker for the whole app, keeps the automatic
 * delivery date in the URL and announces the server's answers to address changes.
 */
export function DeliveryProvider({ children }: { children: ReactNode }) {
  const db = useAccountDb();
  const navigate = useNavigate();
  const location = useLocation();
  const { chosen } = useDeliveryDate();
  const [calendar, setCalendar] = useState<{ mode: CalendarMode; id: number } | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const pending = useRef<((date: EtaDate | null) => void) | null>(null);

  const datePicker = useMemo<DeliveryDatePicker>(
    () => ({
      open: (options) =>
        new Promise((resolve) => {
          pending.current?.(null);
          pending.current = resolve;
          setCalendar({ mode: options?.mode ?? 'day', id: Date.now() });
        }),
    }),
    [],
  );
  const addressPicker = useMemo<AddressPicker>(() => ({ open: () => setPickerOpen(true) }), []);
  const requestDate = useCallback(() => void datePicker.open(), [datePicker]);

  const finish = useCallback(
    (date: EtaDate | null) => {
      setCalendar(null);
      if (date !== null) {
        const params = new URLSearchParams(location.search);
        params.set('date', String(date));
        const pathname = CATALOG_PATHS.includes(location.pathname)
          ? location.pathname
          : '/shopping/home';
        void navigate({ pathname, search: `?${params.toString()}` });
      }
      pending.current?.(date);
      pending.current = null;
    },
    [location.pathname, location.search, navigate],
  );

  return (
    <DatePickerContext value={datePicker}>
      <AddressPickerContext value={addressPicker}>
        <DeliveryDateRequestContext value={requestDate}>{children}</DeliveryDateRequestContext>
        <AutomaticDeliveryDate />
        {db && <AddressAnnouncer db={db} />}
        {db && <SelectedAddressSync db={db} />}
        {calendar && (
          <CalendarModal
            key={calendar.id}
            isOpen
            initialMode={calendar.mode}
            chosen={chosen}
            onChoose={finish}
            onCancel={() => finish(null)}
          />
        )}
        {db && (
          <AddressPickerModal
            isOpen={pickerOpen}
            onClose={() => setPickerOpen(false)}
            onPicked={() => {
              setPickerOpen(false);
              // Spec §2: choosing an address opens the calendar when the URL has no date.
              if (chosen === null) void datePicker.open();
            }}
          />
        )}
      </AddressPickerContext>
    </DatePickerContext>
  );
}

/** Opens the delivery calendar; e.g. adding to cart without a date calls `open()`. */
export function useDeliveryDatePicker(): DeliveryDatePicker {
  const picker = use(DatePickerContext);
  if (!picker) throw new Error('useDeliveryDatePicker needs the DeliveryProvider');
  return picker;
}

/** Opens the delivery-address picker. */
export function useAddressPicker(): AddressPicker {
  const picker = use(AddressPickerContext);
  if (!picker) throw new Error('useAddressPicker needs the DeliveryProvider');
  return picker;
}
