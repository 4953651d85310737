import {
  boxKeyArgsSchema,
  deleteBoxesArgsSchema,
  removeFromBoxArgsSchema,
  roundCents,
  upsertCustomBoxArgsSchema,
  type CustomBox,
  type CustomBoxItem,
} from '@stemline/shared';
import type { OutboxEntry } from './cart-overlay';

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

/**
 * Custom boxes as the buyer should see them: the server's boxes with every queued change not yet
 * reflected applied on top, the same way `overlayCart` treats cart lines.
 */
export function overlayCustomBoxes(
  serverBoxes: readonly CustomBox[],
  outbox: readonly OutboxEntry[],
  checkpoint: number,
): VisibleCustomBox[] {
  const boxes = new Map<string, VisibleCustomBox>(
    serverBoxes.map((box) => [box.key, { ...box, pending: false }]),
  );
  const unreflected = outbox
    .filter(
      (entry) =>
        entry.status === 'pending' ||
        (entry.status === 'applied' && (entry.appliedSeq ?? 0) > checkpoint),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const entry of unreflected) {
    switch (entry.name) {
      case 'upsert_custom_box': {
        const args = upsertCustomBoxArgsSchema.safeParse(entry.args);
        const preview = entry.preview as CustomBoxPreview | undefined;
        if (!args.success || !preview) break;
        const existing = boxes.get(args.data.key);
        const wanted = new Map(args.data.items.map((item) => [item.inventory, item.quantity]));
        const items = preview.items
          .map((item) => ({ ...item, bunches: wanted.get(item.inventory_key) ?? 0 }))
          .filter((item) => item.bunches > 0);
        if (items.length === 0) {
          boxes.delete(args.data.key);
          break;
        }
        boxes.set(args.data.key, {
          key: args.data.key,
          grower_key: args.data.grower,
          grower_name: preview.grower_name,
          country_iso: preview.country_iso,
          eta_date: args.data.eta_date,
          items,
          fill_percent: fillPercent(items),
          closed: false,
          number_boxes: 1,
          campaign_recipient: args.data.campaign_recipient ?? existing?.campaign_recipient ?? null,
          added_at: existing?.added_at ?? entry.createdAt,
          updated_at: entry.createdAt,
          pending: true,
        });
        break;
      }
      case 'remove_from_box': {
        const args = removeFromBoxArgsSchema.safeParse(entry.args);
        const box = args.success ? boxes.get(args.data.key) : undefined;
        if (!args.success || !box) break;
        const items = box.items.filter((item) => item.inventory_key !== args.data.inventory);
        if (items.length === 0) boxes.delete(box.key);
        else boxes.set(box.key, { ...box, items, fill_percent: fillPercent(items), pending: true });
        break;
      }
      case 'close_box':
      case 'open_box': {
        const args = boxKeyArgsSchema.safeParse(entry.args);
        const box = args.success ? boxes.get(args.data.key) : undefined;
        if (box) boxes.set(box.key, { ...box, closed: entry.name === 'close_box', pending: true });
        break;
      }
      case 'delete_boxes': {
        const args = deleteBoxesArgsSchema.safeParse(entry.args);
        if (args.success) args.data.keys.forEach((key) => boxes.delete(key));
        break;
      }
    }
  }
  return [...boxes.values()].sort((a, b) => a.added_at - b.added_at);
}

/** How full a box is, in percent, from its rows' bunch shares. */
export function fillPercent(
  items: readonly Pick<CustomBoxItem, 'bunches' | 'percent_per_bunch'>[],
): number {
  return roundCents(items.reduce((sum, item) => sum + item.bunches * item.percent_per_bunch, 0));
}
