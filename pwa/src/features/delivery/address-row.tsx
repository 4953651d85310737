import type { ReactNode } from 'react';
import type { ActualAddress, VisibleAddress } from '@stemline/shared';
import { Button, CheckIcon, StatusPill } from '../../ui';
import { formatAddress, formatCityLine } from './selected-address';

export interface AddressRowProps {
  address: ActualAddress | VisibleAddress;
  isSelected: boolean;
  pending?: VisibleAddress['pending'];
  offline?: boolean;
  onPick: () => void;
  actions: ReactNode;
}

/**
 * One address of the picker: the whole row picks it; beside it what is still waiting to sync
 * and its actions (Edit, Delete).
 */
export function AddressRow({
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
