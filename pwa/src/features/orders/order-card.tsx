import { useId, useState } from 'react';
import {
  canCancelLine,
  cardBrandNames,
  checkoutMessages,
  creditMessages,
  customBoxLabel,
  formatEtaDate,
  formatCents,
  orderStage,
  summarizeOrder,
  type Order,
  type OrderLine,
  type OrderStatus,
  lineName,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { Button, dotSeparated, showToast, StatusPill, type Status } from '../../ui';
import { formatAddress } from '../delivery/selected-address';
import { cancelOrder } from './cancel-order';
import { OrderJourney, STAGE_TEXT } from './order-journey';

const statusText: Record<Exclude<OrderStatus, 'placed'>, [string, Status]> = {
  partially_cancelled: ['Partly cancelled', 'pending'],
  cancelled: ['Cancelled', 'neutral'],
};

/** One purchase order: its summary, and on demand its rows with the cancel actions. */
export function OrderCard({
  order,
  online,
  highlighted,
}: {
  order: Order;
  online: boolean;
  highlighted: boolean;
}) {
  const [open, setOpen] = useState(highlighted);
  const [busy, setBusy] = useState<string | null>(null);
  const panelId = useId();
  const summary = summarizeOrder(order);
  const now = serverClock.now();
  // A placed order shows where its rows are: the least advanced live row's stage.
  const stage = order.status === 'placed' ? orderStage(order, now) : null;
  const [label, status]: [string, Status] =
    order.status === 'placed'
      ? [STAGE_TEXT[stage ?? 'placed'], 'online']
      : statusText[order.status];
  const cancellable = order.lines.filter((line) => canCancelLine(line, now));
  const allCancellable =
    cancellable.length > 0 &&
    order.lines.every((line) => line.status === 'cancelled' || canCancelLine(line, now));

  const run = async (what: string, lineNo?: number): Promise<void> => {
    setBusy(what);
    const answer = await cancelOrder(order.key, lineNo);
    setBusy(null);
    showToast(
      answer.success
        ? {
            title:
              (answer.data as { message?: string } | null)?.message ??
              (lineNo === undefined ? 'Order cancelled.' : 'Boxes cancelled.'),
            variant: 'success',
          }
        : { title: checkoutMessages.nothingCancelled, description: answer.error, variant: 'error' },
    );
  };

  return (
    <li className="order-card" data-highlighted={highlighted || undefined}>
      <div className="order-card__head">
        <div>
          <h2 className="order-card__number">{order.number}</h2>
          <p className="order-card__meta">
            {dotSeparated([
              `Bought ${formatEtaDate(order.purchase_date)}`,
              `${summary.boxes} ${summary.boxes === 1 ? 'box' : 'boxes'}`,
              `arriving ${summary.eta_dates.map((date) => formatEtaDate(date)).join(', ')}`,
            ])}
          </p>
        </div>
        <StatusPill status={status}>{label}</StatusPill>
        <p className="order-card__total">{formatCents(order.total_cents)}</p>
      </div>
      <OrderJourney order={order} />
      <Button
        variant="quiet"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onPress={() => setOpen(!open)}
      >
        {open ? 'Hide details' : 'Show details'}
      </Button>
      {open && (
        <div id={panelId} className="order-card__detail">
          <ul className="order-card__lines">
            {order.lines.map((line) => (
              <OrderRow
                key={line.line_no}
                line={line}
                cancellable={canCancelLine(line, now)}
                online={online}
                busy={busy === `line-${line.line_no}`}
                onCancel={() => void run(`line-${line.line_no}`, line.line_no)}
              />
            ))}
          </ul>
          {order.custom_boxes.length > 0 && (
            <ul className="order-card__lines" aria-label="Custom boxes">
              {order.custom_boxes.map((box) => (
                <li
                  key={box.box_key}
                  className="order-row"
                  data-status={box.status}
                  data-testid="order-box"
                >
                  <div className="order-row__body">
                    <p className="checkout-line__name">{customBoxLabel(box)}</p>
                    <p className="checkout-line__meta">
                      {dotSeparated([
                        box.country_iso,
                        `arrives ${formatEtaDate(box.eta_date)}`,
                        box.items
                          .map((item) => `${item.bunches} × ${item.variety_name}`)
                          .join(', '),
                      ])}
                    </p>
                    <p className="checkout-line__figures">
                      {dotSeparated([
                        formatCents(box.total_cents),
                        box.status === 'cancelled' && 'cancelled',
                      ])}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <dl className="order-card__totals">
            <dt>Subtotal</dt>
            <dd>{formatCents(order.subtotal_cents)}</dd>
            {order.discount_cents > 0 && (
              <>
                <dt>Referral discount</dt>
                <dd>−{formatCents(order.discount_cents)}</dd>
              </>
            )}
            {(order.credit_applied_cents ?? 0) > 0 && (
              <>
                <dt>{creditMessages.creditLabel}</dt>
                <dd data-testid="order-credit">−{formatCents(order.credit_applied_cents ?? 0)}</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>{formatCents(order.total_cents)}</dd>
            <dt>Paid with</dt>
            <dd>
              {cardBrandNames[order.payment.brand]} ending {order.payment.last4}
            </dd>
            {order.ship_to && (
              <>
                <dt>{checkoutMessages.shipsTo}</dt>
                <dd data-testid="order-ship-to">{formatAddress(order.ship_to)}</dd>
              </>
            )}
          </dl>
          {allCancellable && (
            <Button
              variant="danger"
              size="sm"
              isDisabled={!online}
              isPending={busy === 'order'}
              onPress={() => void run('order')}
            >
              Cancel order
            </Button>
          )}
          {!online && cancellable.length > 0 && (
            <p className="checkout__hint">{checkoutMessages.cancelNeedsConnection}</p>
          )}
        </div>
      )}
    </li>
  );
}

function OrderRow({
  line,
  cancellable,
  online,
  busy,
  onCancel,
}: {
  line: OrderLine;
  cancellable: boolean;
  online: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  const cancelWords = `Cancel ${line.boxes} ${line.boxes === 1 ? 'box' : 'boxes'}`;
  return (
    <li className="order-row" data-status={line.status}>
      <span
        className="checkout-line__swatch"
        style={{ background: line.color_code }}
        aria-hidden="true"
      />
      <div className="order-row__body">
        <p className="checkout-line__name">{lineName(line.variety_name, line.length)}</p>
        <p className="checkout-line__meta">
          {dotSeparated([
            line.grower_name,
            line.country_iso,
            `arrives ${formatEtaDate(line.eta_date)}`,
          ])}
        </p>
        <p className="checkout-line__figures">
          {dotSeparated([
            `${line.boxes} ${line.boxes === 1 ? 'box' : 'boxes'}`,
            `${formatCents(line.stem_price_cents)}/${line.uom === 'bunch' ? 'bunch' : 'stem'}`,
            formatCents(line.total_cents),
            line.status === 'cancelled' && 'cancelled',
          ])}
        </p>
      </div>
      {cancellable && (
        <Button
          variant="secondary"
          size="sm"
          isDisabled={!online}
          isPending={busy}
          onPress={onCancel}
          // The visible words begin the name (WCAG 2.5.3), which adds the variety for the row.
          aria-label={`${cancelWords} of ${line.variety_name}`}
        >
          {cancelWords}
        </Button>
      )}
    </li>
  );
}
