import { useLocation } from 'react-router';
import { formatEtaDate } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { Button } from '../../ui';
import { CATALOG_PATHS } from './catalog-paths';
import { useAddressPicker, useDeliveryDatePicker } from './delivery-context';
import { selectedAddressOf } from './selected-address';
import { useDeliveryDate } from './use-delivery-date';

/** The button that shows the chosen delivery date and opens the calendar. */
export function DeliveryDateButton() {
  const { chosen, automatic } = useDeliveryDate();
  const { pathname } = useLocation();
  const picker = useDeliveryDatePicker();
  // On a catalogue page such an account gets its automatic date in a moment.
  const finding = automatic && CATALOG_PATHS.includes(pathname);
  const value =
    chosen !== null ? formatEtaDate(chosen) : finding ? 'Finding a date…' : 'Choose a date';
  return (
    <Button
      variant="secondary"
      className="delivery-bar__button"
      aria-label={`Delivery date: ${value}`}
      onPress={() => void picker.open()}
    >
      {/* The visible words are the button's name (WCAG 2.5.3 label in name): 'Delivery date: …'. */}
      <span className="delivery-bar__label">Delivery date:</span>{' '}
      <span className="delivery-bar__value">{value}</span>
    </Button>
  );
}

/** The button that shows where the order goes and opens the address picker (buyers only). */
export function DeliveryAddressButton() {
  const session = useSession();
  const db = useAccountDb();
  const picker = useAddressPicker();
  if (!session || !db) return null;
  const selected = selectedAddressOf(session.user);
  const value = selected ? `${selected.address}, ${selected.city}` : 'Choose an address';
  return (
    <Button
      variant="secondary"
      className="delivery-bar__button"
      aria-label={`Deliver to: ${value}`}
      onPress={picker.open}
    >
      <span className="delivery-bar__label">Deliver to:</span>{' '}
      <span className="delivery-bar__value">{value}</span>
    </Button>
  );
}

/** Where and when: the address and date buttons side by side (stacked on narrow phones). */
export function DeliveryBar() {
  return (
    <div className="delivery-bar" role="group" aria-label="Delivery">
      <DeliveryAddressButton />
      <DeliveryDateButton />
    </div>
  );
}
