import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  formatEtaDate,
  marketToday,
  nextWeekdays,
  shoppingListCardMessages,
  shoppingListMessages,
  toEtaDate,
  type VisibleShoppingList,
  stemLengthText,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import type { AccountDb } from '../../storage/account-db';
import { useSyncReachable } from '../../sync/use-sync-status';
import { Button, ModalDialog, NumberField, Select, SelectItem, StatusPill } from '../../ui';
import { ConfirmButtons } from '../../ui/confirm-buttons';
import { deleteList, editItem, removeItem, runList } from './list-actions';
import { RunReport } from './run-report';

/**
 * Where focus goes when a control removes itself: the first of `candidates` that is on the page.
 * Without it, focus would fall to the page's body and a keyboard user would start over.
 */
function focusFirst(...candidates: (Element | null | undefined)[]): void {
  const target = candidates.find((candidate) => candidate instanceof HTMLElement);
  if (target instanceof HTMLElement) target.focus();
}

/** The delivery days a run may choose: the next ten weekdays at the market. */
function runDates(): number[] {
  return nextWeekdays(marketToday(serverClock.now()), 10).map(toEtaDate);
}

/** Where a queued run stands while the server has not answered it, in the buyer's words. */
function runWaitingText(reachable: boolean): string {
  if (!navigator.onLine) return shoppingListCardMessages.runQueued;
  return reachable ? shoppingListCardMessages.runAdding : shoppingListCardMessages.runWaiting;
}

/**
 * One list: its items (quantity editable, removable), the run for a chosen delivery date, and
 * what the last run did. Every change is queued, so all of it works offline. While a run waits
 * for the server (`runWaiting`), the card says so instead of the previous run's report, and
 * the run cannot be pressed again: the queued one will add the list, a second would add it twice.
 */
export function ShoppingListCard({
  db,
  list,
  etaDate,
  address,
  runWaiting,
}: {
  db: AccountDb;
  list: VisibleShoppingList;
  etaDate: number | null;
  address: string | null;
  runWaiting: boolean;
}) {
  const [dates] = useState(runDates);
  const [date, setDate] = useState<number>(
    etaDate !== null && dates.includes(etaDate) ? etaDate : (dates[0] ?? 0),
  );
  const [running, setRunning] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const reachable = useSyncReachable();
  const card = useRef<HTMLLIElement>(null);

  // A removed row hands focus to the next row's Remove, else the previous one's, else the name.
  const remove = (itemKey: string): void => {
    const row = card.current?.querySelector(`tr[data-item="${CSS.escape(itemKey)}"]`);
    const removeOf = (other: Element | null | undefined) => other?.querySelector('[data-remove]');
    focusFirst(
      removeOf(row?.nextElementSibling),
      removeOf(row?.previousElementSibling),
      card.current?.querySelector('h2'),
    );
    void removeItem(db, list.key, itemKey);
  };
  // A deleted list hands focus to the next list's name, else the previous one's, else the page's.
  // The confirmation is gone first (synchronously), so that it does not take focus back.
  const drop = (): void => {
    flushSync(() => setConfirmingDelete(false));
    const here = card.current;
    focusFirst(
      here?.nextElementSibling?.querySelector('h2'),
      here?.previousElementSibling?.querySelector('h2'),
      here?.closest('section')?.querySelector('h1'),
    );
    void deleteList(db, list.key);
  };

  const run = async (): Promise<void> => {
    setRunning(true);
    try {
      await runList(db, list.key, date, address);
    } finally {
      setRunning(false);
    }
  };

  return (
    <li ref={card} className="shopping-list" aria-labelledby={`list-${list.key}`}>
      <div className="shopping-list__head">
        <h2 id={`list-${list.key}`} tabIndex={-1}>
          {list.name}
        </h2>
        {list.pending && <StatusPill status="pending">Waiting to sync</StatusPill>}
        <Button variant="quiet" size="sm" onPress={() => setConfirmingDelete(true)}>
          {shoppingListCardMessages.deleteList}
        </Button>
      </div>
      {/* Mounted only while asked, so that it leaves at once when the list is deleted. */}
      {confirmingDelete && (
        <ModalDialog
          isOpen
          onOpenChange={setConfirmingDelete}
          title={shoppingListCardMessages.deleteListTitle(list.name)}
          role="alertdialog"
          size="sm"
          footer={
            <ConfirmButtons
              keep={shoppingListCardMessages.keepList}
              onKeep={() => setConfirmingDelete(false)}
              act={shoppingListCardMessages.deleteList}
              onAct={drop}
            />
          }
        >
          <p>{shoppingListCardMessages.deleteListBody}</p>
        </ModalDialog>
      )}
      {list.items.length === 0 ? (
        <p className="shopping-list__empty">{shoppingListMessages.emptyList}</p>
      ) : (
        <table className="shopping-list__items">
          <thead>
            <tr>
              <th scope="col">Variety</th>
              <th scope="col">Length</th>
              <th scope="col">Grower</th>
              <th scope="col">Quantity</th>
              <th scope="col">
                <span className="sl-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.key} data-item={item.key}>
                <th scope="row">{item.variety_name}</th>
                <td>{stemLengthText(item.length)}</td>
                <td>{item.grower_key === null ? 'Any grower' : 'Preferred grower'}</td>
                <td>
                  <NumberField
                    aria-label={`${item.unit === 'box' ? 'Boxes' : 'Bunches'} of ${item.variety_name}`}
                    label={item.unit === 'box' ? 'Boxes' : 'Bunches'}
                    minValue={1}
                    maxValue={item.unit === 'box' ? 30 : 600}
                    value={item.quantity}
                    onChange={(value) => {
                      if (Number.isInteger(value) && value !== item.quantity)
                        void editItem(db, list.key, item.key, value);
                    }}
                  />
                </td>
                <td>
                  <Button
                    variant="quiet"
                    size="sm"
                    aria-label={`Remove ${item.variety_name} from ${list.name}`}
                    data-remove
                    onPress={() => remove(item.key)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.items.length > 0 && (
        <div className="shopping-list__run">
          <Select
            label="Delivery date"
            items={dates.map((day) => ({ id: day, name: formatEtaDate(day) }))}
            selectedKey={date}
            onSelectionChange={(key) => setDate(Number(key))}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
          <Button onPress={() => void run()} isPending={running || runWaiting}>
            {shoppingListMessages.runList}
          </Button>
        </div>
      )}
      {runWaiting ? (
        <p className="shopping-list__run-waiting" role="status">
          {runWaitingText(reachable)}
        </p>
      ) : (
        list.last_run && <RunReport run={list.last_run} />
      )}
    </li>
  );
}
