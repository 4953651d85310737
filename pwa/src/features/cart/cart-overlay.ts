import {
  addBoxesToLine,
  boxChangesArgsSchema,
  deleteBoxesArgsSchema,
  cartLineKey,
  decideAddToCart,
  unitsPerBox,
  type CartLine,
  type Grower,
  type Offer,
  type Variety,
} from '@stemline/shared';

/** What the screen needs to draw a queued add-to-cart before the server has answered. */
export interface AddToCartPreview {
  offer: Offer;
  variety: Variety;
  grower: Grower;
}

export interface OutboxEntry {
  id: string;
  name: string;
  args: Record<string, unknown>;
  createdAt: number;
  status: 'pending' | 'applied' | 'rejected';
  appliedSeq?: number | undefined;
  preview?: Record<string, unknown> | undefined;
}

/** A cart line on screen: the server's, or the server's with queued boxes on top. */
export interface VisibleCartLine extends CartLine {
  /** Boxes added on this device that the server has not confirmed yet. */
  pendingBoxes: number;
  /** A queued change of the box count is waiting for the server. */
  pendingChange?: boolean;
}

/**
 * The cart as the buyer should see it: the server's lines with every mutation the server has not
 * reflected yet applied on top, by the same rule the server runs. A mutation stays in the
 * overlay while pending, and after it is applied until the pulled checkpoint reaches its
 * `appliedSeq`, or until the pulled line itself carries that `seq` (a pull writes the lines
 * before it moves the checkpoint, and the screen sees both writes): then the server's line
 * already holds its boxes, so nothing flickers or counts twice.
 */
export function overlayCart(
  serverLines: readonly (CartLine & { seq?: number })[],
  outbox: readonly OutboxEntry[],
  checkpoint: number,
): VisibleCartLine[] {
  const lines = new Map<string, VisibleCartLine>(
    serverLines.map(({ seq: _seq, ...line }) => [line.key, { ...line, pendingBoxes: 0 }]),
  );
  const lineSeq = new Map(serverLines.map((line) => [line.key, line.seq ?? 0]));
  const unreflected = outbox
    .filter(
      (entry) =>
        entry.status === 'pending' ||
        (entry.status === 'applied' &&
          (entry.appliedSeq ?? 0) > checkpoint &&
          !lineShowsAdd(entry, lineSeq)),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  const taken = new Map<number, number>();
  for (const entry of unreflected) {
    if (entry.name === 'add_to_cart') applyAdd(lines, taken, entry);
    else if (entry.name === 'execute_box_changes') applyBoxChanges(lines, entry);
    else if (entry.name === 'delete_boxes') applyDeletes(lines, entry);
  }
  return [...lines.values()];
}

/** An applied add is in the pulled line once that line was written at (or after) its seq. */
function lineShowsAdd(entry: OutboxEntry, lineSeq: ReadonlyMap<string, number>): boolean {
  if (entry.name !== 'add_to_cart') return false;
  const key = cartLineKey(Number(entry.args.inventory_key), Number(entry.args.eta_date));
  return (lineSeq.get(key) ?? 0) >= (entry.appliedSeq ?? Infinity);
}

function applyAdd(
  lines: Map<string, VisibleCartLine>,
  taken: Map<number, number>,
  entry: OutboxEntry,
): void {
  if (!entry.preview) return;
  const { offer, variety, grower } = entry.preview as unknown as AddToCartPreview;
  const etaDate = Number(entry.args.eta_date);
  const key = cartLineKey(offer.inventory_key, etaDate);
  const existing = lines.get(key);
  const alreadyTaken = taken.get(offer.inventory_key) ?? 0;
  const decision = decideAddToCart({
    requestedBoxes: Number(entry.args.quantity),
    availableUnits: offer.available - alreadyTaken,
    unitsPerBox: unitsPerBox(offer),
    boxesInCart: existing?.boxes ?? 0,
  });
  if (decision.kind === 'rejected') return;
  taken.set(offer.inventory_key, alreadyTaken + decision.boxes * unitsPerBox(offer));
  const line = addBoxesToLine({
    existing,
    offer,
    variety,
    grower,
    etaDate,
    boxes: decision.boxes,
    nowMs: entry.createdAt,
  });
  lines.set(key, {
    ...line,
    reserved_until: existing?.reserved_until ?? null,
    pendingBoxes: (existing?.pendingBoxes ?? 0) + decision.boxes,
  });
}

/**
 * A queued box change shows the count the buyer chose; the device has no fresh stock figure for
 * an increase, so the server's answer (possibly fewer boxes) replaces it once synced.
 */
function applyBoxChanges(lines: Map<string, VisibleCartLine>, entry: OutboxEntry): void {
  const parsed = boxChangesArgsSchema.safeParse(entry.args);
  if (!parsed.success) return;
  for (const { key, boxes } of parsed.data.changes) {
    const line = lines.get(key);
    if (!line) continue;
    if (boxes === 0) lines.delete(key);
    else
      lines.set(key, {
        ...line,
        boxes,
        pendingBoxes: line.pendingBoxes + Math.max(0, boxes - line.boxes),
        pendingChange: true,
      });
  }
}

function applyDeletes(lines: Map<string, VisibleCartLine>, entry: OutboxEntry): void {
  const parsed = deleteBoxesArgsSchema.safeParse(entry.args);
  if (!parsed.success) return;
  for (const key of parsed.data.keys) lines.delete(key);
}
