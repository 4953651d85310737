import {
  addBoxesToLine,
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
  pendingBoxes: number;
}

/**
 * The cart as the buyer should see it: the server's lines with every mutation the server has not
 * reflected yet applied on top, by the same rule the server runs. A mutation stays in the
 * overlay while pending, and after it is applied until the pulled checkpoint reaches its
 * `appliedSeq`; then the server's line already holds its boxes, so nothing flickers.
 */
export function overlayCart(
  serverLines: readonly CartLine[],
  outbox: readonly OutboxEntry[],
  checkpoint: number,
): VisibleCartLine[] {
  const lines = new Map<string, VisibleCartLine>(
    serverLines.map((line) => [line.key, { ...line, pendingBoxes: 0 }]),
  );
  const unreflected = outbox
    .filter((entry) => entry.name === 'add_to_cart' && entry.preview)
    .filter(
      (entry) =>
        entry.status === 'pending' ||
        (entry.status === 'applied' && (entry.appliedSeq ?? 0) > checkpoint),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  const taken = new Map<number, number>();
  for (const entry of unreflected) {
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
    if (decision.kind === 'rejected') continue;
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
  return [...lines.values()];
}
