import { stemlineMessages, type VisibleCartLine } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueMutation, isQuotaError, type Intent } from '../../sync/outbox';
import { Button, NumberField, showToast } from '../../ui';

/**
 * Box count and removal of one cart line, queued so they work offline. `maxBoxes` is what the
 * 30-box cap leaves this line once the row's boxes on the same day for other addresses count.
 */
export function CartLineControls({
  db,
  line,
  maxBoxes,
}: {
  db: AccountDb;
  line: VisibleCartLine;
  maxBoxes: number;
}) {
  const label = `${line.variety_name}${line.length > 0 ? ` ${line.length} cm` : ''} from ${line.grower_name}`;
  const queue = (...[name, args]: Intent<'execute_box_changes' | 'delete_boxes'>): void => {
    enqueueMutation(db, name, args).catch((error: unknown) => {
      showToast({
        title: stemlineMessages.cartUpdateFailed,
        variant: 'error',
        description: isQuotaError(error) ? stemlineMessages.storageFull : undefined,
      });
    });
  };
  return (
    <div className="cart-line__controls">
      <NumberField
        label="Boxes"
        aria-label={`Boxes of ${label}`}
        minValue={1}
        maxValue={Math.max(line.boxes, maxBoxes)}
        value={line.boxes}
        onChange={(boxes) => {
          if (Number.isInteger(boxes) && boxes !== line.boxes) {
            queue('execute_box_changes', { changes: [{ key: line.key, boxes }] });
          }
        }}
      />
      <Button
        variant="quiet"
        size="sm"
        aria-label={`Remove ${label} from the cart`}
        onPress={() => queue('delete_boxes', { keys: [line.key] })}
      >
        Remove
      </Button>
    </div>
  );
}
