import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { EtaDate } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { DeliveryDateRequestContext } from '../catalog/delivery-date-request';
import { MountOnceOpen } from '../shell/mount-once-open';
import { preloadWhenIdle } from '../shell/preload-when-idle';
import type { CalendarMode } from './calendar-modal';
import { CATALOG_PATHS } from './catalog-paths';
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

// The calendar and the address book load when first opened, the account's address sync with the
// account: a visitor's first screen loads none of them (issue 28).
const loadCalendarModal = () => import('./calendar-modal');
const CalendarModal = lazy(() => loadCalendarModal().then((m) => ({ default: m.CalendarModal })));
const AddressPickerModal = lazy(() =>
  import('./address-picker-modal').then((m) => ({ default: m.AddressPickerModal })),
);
const AddressAnnouncer = lazy(() =>
  import('./address-announcer').then((m) => ({ default: m.AddressAnnouncer })),
);
// Only for an account that gets the automatic date; it needs the date rules (temporal-polyfill),
// which a visitor's first screen does without.
const AutomaticDeliveryDate = lazy(() =>
  import('./automatic-delivery-date').then((m) => ({ default: m.AutomaticDeliveryDate })),
);
const SelectedAddressSync = lazy(() =>
  import('./selected-address-sync').then((m) => ({ default: m.SelectedAddressSync })),
);

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
  const { chosen, automatic } = useDeliveryDate();
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
  // The calendar opens offline too, on a first visit as well (the cached dates stay browsable).
  useEffect(() => preloadWhenIdle([loadCalendarModal]), []);

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
        {automatic && (
          <Suspense fallback={null}>
            <AutomaticDeliveryDate />
          </Suspense>
        )}
        {db && (
          <Suspense fallback={null}>
            <AddressAnnouncer db={db} />
            <SelectedAddressSync db={db} />
          </Suspense>
        )}
        {calendar && (
          <MountOnceOpen open>
            <CalendarModal
              key={calendar.id}
              isOpen
              initialMode={calendar.mode}
              chosen={chosen}
              onChoose={finish}
              onCancel={() => finish(null)}
            />
          </MountOnceOpen>
        )}
        {db && (
          <MountOnceOpen open={pickerOpen}>
            <AddressPickerModal
              isOpen={pickerOpen}
              onClose={() => setPickerOpen(false)}
              onPicked={() => {
                setPickerOpen(false);
                // Spec §2: choosing an address opens the calendar when the URL has no date.
                if (chosen === null) void datePicker.open();
              }}
            />
          </MountOnceOpen>
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
