import { roundFillPercent } from '../rules/custom-box';
import type {
  BoxKeyArgs,
  CustomBox,
  CustomBoxItem,
  RemoveFromBoxArgs,
  UpsertCustomBoxArgs,
} from '../schemas/custom-box';
import type { DeleteBoxesArgs } from '../schemas/cart-edits';
import type { OverlayEntry } from './queued-mutation';

/** What the device knows of a box it is changing: the grower and each row's display figures. */
export interface CustomBoxPreview {
  grower_name: string;
  country_iso: CustomBox['country_iso'];
  items: CustomBoxItem[];
}

export interface VisibleCustomBox extends CustomBox {
  /** A queued change of this box is waiting for the server. */
  pending: boolean;
}

/** The custom boxes while the overlay applies queued mutations to them, by key. */
export type CustomBoxesOverlay = Map<string, VisibleCustomBox>;

/** The overlay's starting point: the pulled boxes. */
export function customBoxesOverlay(serverBoxes: readonly CustomBox[]): CustomBoxesOverlay {
  return new Map(serverBoxes.map((box) => [box.key, { ...box, pending: false }]));
}

/**
 * A queued fill of a box: the rows the buyer chose, with the figures the preview carries, and
 * its number of boxes (the box's own when the change names none). A change queued without a
 * preview (only the count changed) reads the figures off the box it changes.
 */
export function applyUpsertCustomBox(
  boxes: CustomBoxesOverlay,
  args: UpsertCustomBoxArgs,
  entry: OverlayEntry,
): void {
  const existing = boxes.get(args.key);
  // The preview was typed when it was queued (`MutationPreviews`); only the outbox stores it
  // loosely.
  const preview = (entry.preview as CustomBoxPreview | undefined) ?? existing;
  if (!preview) return;
  const wanted = new Map(args.items.map((item) => [item.inventory, item.quantity]));
  const items = preview.items
    .map((item) => ({ ...item, bunches: wanted.get(item.inventory_key) ?? 0 }))
    .filter((item) => item.bunches > 0);
  if (items.length === 0) {
    boxes.delete(args.key);
    return;
  }
  boxes.set(args.key, {
    key: args.key,
    grower_key: args.grower,
    grower_name: preview.grower_name,
    country_iso: preview.country_iso,
    eta_date: args.eta_date,
    items,
    fill_percent: fillPercent(items),
    closed: false,
    number_boxes: args.number_boxes ?? existing?.number_boxes ?? 1,
    campaign_recipient: args.campaign_recipient ?? existing?.campaign_recipient ?? null,
    added_at: existing?.added_at ?? entry.createdAt,
    updated_at: entry.createdAt,
    pending: true,
  });
}

export function applyRemoveFromBox(boxes: CustomBoxesOverlay, args: RemoveFromBoxArgs): void {
  const box = boxes.get(args.key);
  if (!box) return;
  const items = box.items.filter((item) => item.inventory_key !== args.inventory);
  if (items.length === 0) boxes.delete(box.key);
  else boxes.set(box.key, { ...box, items, fill_percent: fillPercent(items), pending: true });
}

export function applyCloseBox(boxes: CustomBoxesOverlay, args: BoxKeyArgs): void {
  setClosed(boxes, args.key, true);
}

export function applyOpenBox(boxes: CustomBoxesOverlay, args: BoxKeyArgs): void {
  setClosed(boxes, args.key, false);
}

function setClosed(boxes: CustomBoxesOverlay, key: string, closed: boolean): void {
  const box = boxes.get(key);
  if (box) boxes.set(box.key, { ...box, closed, pending: true });
}

export function applyDeletesToBoxes(boxes: CustomBoxesOverlay, args: DeleteBoxesArgs): void {
  args.keys.forEach((key) => boxes.delete(key));
}

/** How full a box is, in percent to two decimals, from its rows' bunch shares. */
export function fillPercent(
  items: readonly Pick<CustomBoxItem, 'bunches' | 'percent_per_bunch'>[],
): number {
  return roundFillPercent(
    items.reduce((sum, item) => sum + item.bunches * item.percent_per_bunch, 0),
  );
}
