import { nameWithLength, shoppingListMessages, type OrderLine } from '@stemline/shared';

type NamedLine = Pick<OrderLine, 'variety_name' | 'length' | 'grower_name'>;

/**
 * A line an offline "Order again" put in the cart: "Freedom 60 cm from Finca Rosa", with no
 * length at all for a line without one (never "0 cm").
 */
export function queuedLineText(line: NamedLine): string {
  return `${nameWithLength(line.variety_name, line.length)} from ${line.grower_name}`;
}

/** A line this device could not judge for delivery date `date`, named as `queuedLineText` does. */
export function unjudgedLineText(line: NamedLine, date: string): string {
  return shoppingListMessages.reorderNotOnDevice(
    nameWithLength(line.variety_name, line.length),
    date,
  );
}
