import { useState } from 'react';
import {
  customBoxCents,
  customBoxMessages,
  formatCents,
  MAX_BOXES_PER_PRICE_ROW,
  nameWithLength,
  type VisibleCustomBox,
} from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { Intent } from '../../sync/outbox';
import { Button, dotSeparated, Meter, NumberField, StatusPill } from '../../ui';
import { enqueueOrTell } from '../shell/enqueue-or-tell';
import { CustomBoxBuilder } from './custom-box-builder';
import { queueCustomBox } from './custom-box-count';

/**
 * The custom boxes of one delivery date, with their fill, content, number of boxes (a stepper
 * while the box is open) and actions; the total is for every box.
 */
export function CustomBoxList({ db, boxes }: { db: AccountDb; boxes: VisibleCustomBox[] }) {
  if (boxes.length === 0) return null;
  return (
    <ul className="cart__lines">
      {boxes.map((box) => (
        <CustomBoxRow key={box.key} db={db} box={box} />
      ))}
    </ul>
  );
}

function CustomBoxRow({ db, box }: { db: AccountDb; box: VisibleCustomBox }) {
  const [editing, setEditing] = useState(false);
  const queue = (
    ...[name, args]: Intent<'close_box' | 'open_box' | 'delete_boxes' | 'remove_from_box'>
  ) => void enqueueOrTell(db, name, args);
  const totalCents = customBoxCents(box);
  return (
    <li className="cart-line custom-box" data-pending={box.pending || undefined}>
      <span
        className="cart-line__swatch"
        style={{ background: box.items[0]?.color_code }}
        aria-hidden="true"
      />
      <div className="cart-line__body">
        <p className="cart-line__name">
          {dotSeparated([
            'Custom box',
            box.grower_name,
            box.country_iso,
            box.number_boxes > 1 && customBoxMessages.times(box.number_boxes),
          ])}
        </p>
        <Meter
          label="Filled"
          value={box.fill_percent}
          maxValue={100}
          valueLabel={`${box.fill_percent}%`}
        />
        <ul className="custom-box__items">
          {box.items.map((item) => (
            <li key={item.inventory_key}>
              {item.bunches} × {nameWithLength(item.variety_name, item.length)}{' '}
              {!box.closed && (
                <Button
                  variant="quiet"
                  size="sm"
                  aria-label={`Take ${item.variety_name} out of the box`}
                  onPress={() =>
                    queue('remove_from_box', { key: box.key, inventory: item.inventory_key })
                  }
                >
                  Take out
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="cart-line__status">
          {box.pending && <StatusPill status="pending">Pending sync</StatusPill>}
          {box.closed && <StatusPill status="neutral">Closed</StatusPill>}
        </div>
        {!box.closed && (
          <NumberField
            className="custom-box__count"
            label={customBoxMessages.numberOfBoxes}
            minValue={1}
            maxValue={MAX_BOXES_PER_PRICE_ROW}
            value={box.number_boxes}
            onChange={(value) => {
              if (Number.isInteger(value) && value !== box.number_boxes)
                void queueCustomBox(db, { ...box, number_boxes: value });
            }}
          />
        )}
        <div className="cart-line__controls">
          {box.closed ? (
            <Button
              variant="secondary"
              size="sm"
              onPress={() => queue('open_box', { key: box.key })}
            >
              Open box
            </Button>
          ) : (
            <>
              <Button variant="secondary" size="sm" onPress={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onPress={() => queue('close_box', { key: box.key })}
              >
                Close box
              </Button>
            </>
          )}
          <Button
            variant="quiet"
            size="sm"
            onPress={() => queue('delete_boxes', { keys: [box.key] })}
          >
            Remove
          </Button>
        </div>
        {editing && (
          <CustomBoxBuilder db={db} box={box} isOpen={editing} onOpenChange={setEditing} />
        )}
      </div>
      <p className="cart-line__total">{formatCents(totalCents)}</p>
    </li>
  );
}
