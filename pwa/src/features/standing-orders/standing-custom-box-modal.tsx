import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import {
  formatEtaDate,
  MAX_BOXES_PER_PRICE_ROW,
  MAX_STANDING_BOX_ITEMS,
  percentPerBunch,
  standingOrderMessages,
  type StandingCustomBox,
} from '@stemline/shared';
import { catalogDb, readCachedCatalog } from '../../storage/catalog-db';
import { Button, EmptyState, ModalDialog, NumberField, Select, SelectItem } from '../../ui';
import { BunchList } from '../cart/bunch-list';
import { boxFarms, farmRows, shownRows } from '../cart/farm-rows';

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the box to add to the standing order being made. */
  onAdd: (box: StandingCustomBox) => void;
}

/**
 * The 'custom box for standing order' modal (spec §2): bunches of several flowers of one farm
 * in one box, and how many such boxes each week. The farm's flowers and their bunch sizes come
 * from a catalogue cached on the device (works offline); stock is not limited here, since each
 * week's box is packed from that week's stock at its cut-off, whole or not at all.
 */
export function StandingCustomBoxModal({ isOpen, onOpenChange, onAdd }: Props) {
  const dates = useLiveQuery(() => catalogDb.catalogs.orderBy('date').primaryKeys(), []) ?? [];
  const [etaDate, setEtaDate] = useState<number | null>(null);
  const date = etaDate ?? dates[0] ?? null;
  const cached = useLiveQuery(
    async () => (date ? ((await readCachedCatalog(date)) ?? null) : null),
    [date],
  );
  const snapshot = cached?.snapshot;
  const [growerKey, setGrowerKey] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [bunches, setBunches] = useState<Map<number, number>>(() => new Map());
  const [boxes, setBoxes] = useState(1);

  const growers = useMemo(() => boxFarms(snapshot), [snapshot]);
  const grower = growers.find((g) => g.key === (growerKey ?? growers[0]?.key));
  const rows = useMemo(() => farmRows(snapshot, grower?.key), [snapshot, grower]);
  const chosen = rows.filter(({ offer }) => (bunches.get(offer.inventory_key) ?? 0) > 0);
  const fill =
    Math.round(
      chosen.reduce(
        (sum, { offer }) => sum + (bunches.get(offer.inventory_key) ?? 0) * percentPerBunch(offer),
        0,
      ) * 100,
    ) / 100;
  const visible = shownRows(rows, bunches, query);
  const reset = () => {
    setBunches(new Map());
    setQuery('');
  };

  const add = (close: () => void): void => {
    if (!grower || chosen.length === 0) return;
    onAdd({
      key: `cb-${crypto.randomUUID()}`,
      grower_key: grower.key,
      grower_name: grower.grower_name,
      items: chosen.map(({ offer, variety }) => ({
        variety_key: variety.key,
        variety_name: variety.name,
        length: offer.length,
        bunches: bunches.get(offer.inventory_key) ?? 0,
      })),
      boxes,
    });
    reset();
    close();
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={standingOrderMessages.customBoxTitle}
      subtitle="Mix bunches from one farm in one box, packed again every delivery week."
      size="lg"
      footer={({ close }) => (
        <>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button
            onPress={() => add(close)}
            isDisabled={chosen.length === 0 || chosen.length > MAX_STANDING_BOX_ITEMS || fill > 100}
          >
            Add box to standing order
          </Button>
        </>
      )}
    >
      {dates.length === 0 ? (
        <EmptyState title="No catalogue on this device yet">
          Open the catalogue for a delivery date first: its farms and flowers are offered here.
        </EmptyState>
      ) : (
        <div className="custom-box-builder">
          <div className="custom-box-builder__pickers">
            <Select
              label="Flowers as offered on"
              items={dates.map((value) => ({ id: String(value), name: formatEtaDate(value) }))}
              selectedKey={date ? String(date) : null}
              onSelectionChange={(key) => {
                setEtaDate(Number(key));
                reset();
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
              onSelectionChange={(key) => {
                setGrowerKey(String(key));
                reset();
              }}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
            <NumberField
              label="Boxes each week"
              minValue={1}
              maxValue={MAX_BOXES_PER_PRICE_ROW}
              value={boxes}
              onChange={(value) => setBoxes(Number.isInteger(value) && value > 0 ? value : 1)}
            />
          </div>
          <BunchList
            rows={visible}
            bunches={bunches}
            setBunches={setBunches}
            fill={fill}
            query={query}
            setQuery={setQuery}
            // Not limited by stock: each week's box is packed from that week's stock.
            stockOf={() => Number.MAX_SAFE_INTEGER}
          />
        </div>
      )}
    </ModalDialog>
  );
}
