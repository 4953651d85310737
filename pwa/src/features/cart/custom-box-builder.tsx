import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import {
  bunchesInStock,
  customBoxCents,
  customBoxMessages,
  fillPercent,
  formatCents,
  formatEtaDate,
  MAX_BOXES_PER_PRICE_ROW,
  newCustomBoxKey,
  percentPerBunch,
  type CustomBoxItem,
  type Offer,
  type VisibleCustomBox,
} from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { catalogDb, readCachedCatalog } from '../../storage/catalog-db';
import { Button, EmptyState, ModalDialog, NumberField, Select, SelectItem } from '../../ui';
import { BunchList } from './bunch-list';
import { queueCustomBox } from './custom-box-count';
import { boxFarms, farmRows, shownRows } from './farm-rows';

interface BuilderProps {
  db: AccountDb;
  /** The box being edited, or none to start a new one. */
  box?: VisibleCustomBox | undefined;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Builds or edits a custom box: one grower, one delivery date, bunches of several rows up to
 * 100% full, ordered as many times as the buyer asks (`number_boxes`, 1 to 30). Works from the
 * catalogue cached on the device, so it works offline; the server re-checks stock, fill and the
 * number of boxes when the change syncs.
 */
export function CustomBoxBuilder({ db, box, isOpen, onOpenChange }: BuilderProps) {
  const dates = useLiveQuery(() => catalogDb.catalogs.orderBy('date').primaryKeys(), []) ?? [];
  const [etaDate, setEtaDate] = useState<number | null>(box?.eta_date ?? null);
  const date = etaDate ?? dates[0] ?? null;
  const cached = useLiveQuery(
    async () => (date ? ((await readCachedCatalog(date)) ?? null) : null),
    [date],
  );
  const snapshot = cached?.snapshot;
  const [growerKey, setGrowerKey] = useState<string | null>(box?.grower_key ?? null);
  const [query, setQuery] = useState('');
  const [bunches, setBunches] = useState<Map<number, number>>(
    () => new Map(box?.items.map((item) => [item.inventory_key, item.bunches]) ?? []),
  );
  const [numberBoxes, setNumberBoxes] = useState(box?.number_boxes ?? 1);
  const heldCount = box?.number_boxes ?? 1;
  /** Bunches of a row this box may hold over all its boxes: its own and those in stock. */
  const reachable = (offer: Offer) =>
    bunchesInStock(offer) +
    (box?.items.find((i) => i.inventory_key === offer.inventory_key)?.bunches ?? 0) * heldCount;

  // The farms that can fill a box that day: a regular (not open-market) row with bunches left.
  const growers = useMemo(
    () => boxFarms(snapshot, (offer) => bunchesInStock(offer) > 0),
    [snapshot],
  );
  const grower = growers.find((g) => g.key === (growerKey ?? growers[0]?.key));
  const rows = useMemo(() => farmRows(snapshot, grower?.key), [snapshot, grower]);
  const items: CustomBoxItem[] = rows.flatMap(({ offer, variety }) => {
    const count = bunches.get(offer.inventory_key) ?? 0;
    return count > 0
      ? [
          {
            inventory_key: offer.inventory_key,
            variety_key: variety.key,
            variety_name: variety.name,
            color_code: variety.color_code,
            length: offer.length,
            uom: offer.uom,
            stems_per_bunch: offer.stems_per_bunch,
            bunches: count,
            percent_per_bunch: percentPerBunch(offer),
            stem_price_cents: offer.stem_price_cents,
          },
        ]
      : [];
  });
  const fill = fillPercent(items);
  const visible = shownRows(rows, bunches, query);
  // As many boxes as the device's copy of the stock fills; the server checks it again.
  const boxesInStock = Math.min(
    MAX_BOXES_PER_PRICE_ROW,
    ...rows.flatMap(({ offer }) => {
      const count = bunches.get(offer.inventory_key) ?? 0;
      return count > 0 ? [Math.floor(reachable(offer) / count)] : [];
    }),
  );
  const maxBoxes = Math.max(1, boxesInStock);

  const save = async (): Promise<void> => {
    if (!grower || !date) return;
    const queued = await queueCustomBox(db, {
      key: box?.key ?? newCustomBoxKey(crypto.randomUUID()),
      grower_key: grower.key,
      grower_name: grower.grower_name,
      country_iso: grower.country_iso,
      eta_date: date,
      items,
      number_boxes: numberBoxes,
    });
    if (queued) onOpenChange(false);
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={box ? 'Edit custom box' : 'Build a custom box'}
      subtitle="Mix bunches from one farm in one box."
      size="lg"
      footer={({ close }) => (
        <>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button
            onPress={() => void save()}
            isDisabled={items.length === 0 || fill > 100 || numberBoxes > boxesInStock}
          >
            {box ? 'Update box' : 'Add box to cart'}
          </Button>
        </>
      )}
    >
      {dates.length === 0 ? (
        <EmptyState title="No catalogue on this device yet">
          Open the catalogue for a delivery date first.
        </EmptyState>
      ) : (
        <div className="custom-box-builder">
          <div className="custom-box-builder__pickers">
            <Select
              label="Delivery date"
              items={dates.map((value) => ({ id: String(value), name: formatEtaDate(value) }))}
              selectedKey={date ? String(date) : null}
              isDisabled={Boolean(box)}
              onSelectionChange={(key) => {
                setEtaDate(Number(key));
                setBunches(new Map());
              }}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
            <Select
              label="Farm"
              items={growers.map((g) => ({
                id: g.key,
                name: `${g.grower_name} (${g.country_iso})`,
              }))}
              selectedKey={grower?.key ?? null}
              isDisabled={Boolean(box)}
              onSelectionChange={(key) => {
                setGrowerKey(String(key));
                setBunches(new Map());
              }}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
          </div>
          <BunchList
            rows={visible}
            bunches={bunches}
            setBunches={setBunches}
            fill={fill}
            query={query}
            setQuery={setQuery}
            stockOf={(offer) => Math.floor(reachable(offer) / numberBoxes)}
            priced
          />
          <NumberField
            label={customBoxMessages.numberOfBoxes}
            description={customBoxMessages.numberOfBoxesHelp}
            minValue={1}
            maxValue={maxBoxes}
            value={numberBoxes}
            onChange={(value) => {
              if (Number.isInteger(value)) setNumberBoxes(value);
            }}
          />
          <p className="custom-box-builder__total" aria-live="polite" data-testid="box-total">
            {customBoxMessages.totalFor(
              numberBoxes,
              formatCents(customBoxCents({ items, number_boxes: numberBoxes })),
            )}
          </p>
        </div>
      )}
    </ModalDialog>
  );
}
