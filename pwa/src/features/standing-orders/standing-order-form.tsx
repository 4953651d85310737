import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  defaultCard,
  marketToday,
  MAX_STANDING_CUSTOM_BOXES,
  scheduleMessages,
  standingOrderMessages,
  weekdayName,
  type StandingCustomBox,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import type { AccountDb } from '../../storage/account-db';
import { Button, SegmentedControl, SegmentedControlItem, Select, SelectItem } from '../../ui';
import { countWords } from '../../ui/count-words';
import { useSavedCards } from '../checkout/use-saved-cards';
import { useDeliverySchedule } from '../delivery/availability';
import { enqueueOrTell } from '../shell/enqueue-or-tell';
import { tellWhenAnswered } from '../shell/outbox-answer';
import { newListKey } from '../shopping-lists/list-actions';
import { useShoppingLists } from '../shopping-lists/use-shopping-lists';
import { ChargedCardSelect } from './charged-card-select';
import { comingMondays, unpickableWeeks, weekLabel } from './coming-weeks';
import { describeBox } from './describe-box';
import { StandingCustomBoxModal } from './standing-custom-box-modal';
import type { SuccessState } from './standing-order-success-page';

/** ISO weekdays a standing order can be delivered on, Monday 1 to Friday 5. */
const WEEKDAYS = [1, 2, 3, 4, 5];

/** The list picker's choice of no list: a standing order of custom boxes alone. */
const NO_LIST = 'no-list';
const NO_LIST_NAME = 'No list (custom boxes only)';

/**
 * Makes a standing order from a shopping list's box items and custom boxes built in the 'custom
 * box for standing order' modal: every week or every two weeks, for 12
 * weeks or a year, from a week picked in week mode ('Pick a delivery week'; the weeks in
 * `standing_order.disabled_weeks` cannot be picked), on a weekday, charged to a saved card (the
 * default card unless the buyer picks another). The price policy is shown before confirming. Queued, so it works offline; the server checks the week again.
 */
export function StandingOrderForm({
  db,
  disabledWeeks,
  address,
  addressText,
}: {
  db: AccountDb;
  disabledWeeks: ReadonlySet<number>;
  /** The delivery bar's address (its key), where the new standing order's boxes go. */
  address: string | null;
  /** The same address on one line, shown on the form. */
  addressText: string | null;
}) {
  const navigate = useNavigate();
  const { lists } = useShoppingLists(db);
  const [listKey, setListKey] = useState<string | null>(null);
  const [every, setEvery] = useState<1 | 2>(1);
  const [term, setTerm] = useState<12 | 52>(12);
  const [week, setWeek] = useState<number | null>(null);
  const [chosenWeekday, setWeekday] = useState(2);
  // The weekdays the order's address is delivered on (the calendar's schedule): the others are
  // greyed out and said, as the server refuses them; the day chosen moves to the first delivered
  // one when it is not. None at all (a zip not delivered): nothing can be made. Unknown (offline):
  // every weekday, and the server still checks.
  const schedule = useDeliverySchedule();
  const delivered = WEEKDAYS.filter((day) => !schedule || schedule.weekdays.includes(day));
  const weekday = delivered.includes(chosenWeekday) ? chosenWeekday : (delivered[0] ?? null);
  const [weeks] = useState(() => comingMondays(16));
  const unpickable = unpickableWeeks(weeks, disabledWeeks, weekday ?? chosenWeekday);
  // A weekday change can put the picked week past its cut-off: pick again rather than be refused.
  const pickedWeek = week !== null && unpickable.includes(week) ? null : week;
  const [customBoxes, setCustomBoxes] = useState<StandingCustomBox[]>([]);
  const [boxModalOpen, setBoxModalOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const { cards } = useSavedCards(db);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const cardKey = cardChoice ?? defaultCard(cards, marketToday(serverClock.now()))?.key ?? null;
  const usable = lists.filter((l) => l.items.some((item) => item.unit === 'box'));
  // The first list unless another, or none (custom boxes alone), is chosen.
  const list =
    listKey === NO_LIST ? undefined : (usable.find((l) => l.key === listKey) ?? usable[0]);
  const name = list?.name ?? 'Custom boxes';

  const ready = weekday !== null && pickedWeek !== null && (list || customBoxes.length > 0);
  const create = async (): Promise<void> => {
    if (creating || !ready) return;
    // A second press while the first is being kept would make a second standing order.
    setCreating(true);
    const change = await enqueueOrTell(db, 'create_standing_order', {
      key: newListKey('sl').replace(/^sl-/, 'so-'),
      name,
      // A standing order counts boxes: the list's box items become its lines.
      items: (list?.items ?? [])
        .filter((item) => item.unit === 'box')
        .map((item) => ({
          key: newListKey('it'),
          variety_key: item.variety_key,
          variety_name: item.variety_name,
          length: item.length,
          quantity: Math.min(30, item.quantity),
          grower_key: item.grower_key,
        })),
      custom_boxes: customBoxes,
      every_weeks: every,
      term_weeks: term,
      start_week: pickedWeek,
      delivery_weekday: weekday,
      address,
      ...(cardKey ? { card_key: cardKey } : {}),
    });
    setCreating(false);
    // Not kept on this device (told): the form stays filled in to try again.
    if (change === null) return;
    // Created once the server accepts it; until then the success page says it waits here.
    tellWhenAnswered(db, change, {
      accepted: { title: standingOrderMessages.created(name), variant: 'success' },
    });
    void navigate('/shopping/home/account/standing-orders/success', {
      state: { change } satisfies SuccessState,
    });
  };

  return (
    <form
      className="standing-orders__form"
      aria-labelledby="so-new-title"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <h2 id="so-new-title">New standing order</h2>
      {addressText && (
        <p className="standing-orders__policy">
          {standingOrderMessages.deliversTo(addressText)}, {standingOrderMessages.deliversToChosen}
        </p>
      )}
      {usable.length > 0 ? (
        <Select
          label="From shopping list"
          items={[
            ...usable.map((l) => ({
              id: l.key,
              name: `${l.name} (${countWords(l.items.length, 'item')})`,
            })),
            { id: NO_LIST, name: NO_LIST_NAME },
          ]}
          selectedKey={list?.key ?? NO_LIST}
          onSelectionChange={(key) => setListKey(String(key))}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      ) : (
        <p className="standing-orders__policy">{standingOrderMessages.noBoxList}</p>
      )}
      <div className="standing-orders__boxes">
        {customBoxes.length > 0 && (
          <ul aria-label="Custom boxes">
            {customBoxes.map((box) => (
              <li key={box.key}>
                {describeBox(box)}
                <Button
                  size="sm"
                  variant="quiet"
                  aria-label={`Remove the custom box from ${box.grower_name}`}
                  onPress={() => setCustomBoxes((all) => all.filter((b) => b.key !== box.key))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="secondary"
          onPress={() => setBoxModalOpen(true)}
          isDisabled={customBoxes.length >= MAX_STANDING_CUSTOM_BOXES}
        >
          {standingOrderMessages.addCustomBox}
        </Button>
        <StandingCustomBoxModal
          isOpen={boxModalOpen}
          onOpenChange={setBoxModalOpen}
          onAdd={(box) => setCustomBoxes((all) => [...all, box])}
        />
      </div>
      <SegmentedControl
        aria-label="How often"
        selectedKeys={[String(every)]}
        onSelectionChange={(keys) => setEvery([...keys][0] === '2' ? 2 : 1)}
      >
        <SegmentedControlItem id="1">Every week</SegmentedControlItem>
        <SegmentedControlItem id="2">Every two weeks</SegmentedControlItem>
      </SegmentedControl>
      <SegmentedControl
        aria-label="For how long"
        selectedKeys={[String(term)]}
        onSelectionChange={(keys) => setTerm([...keys][0] === '52' ? 52 : 12)}
      >
        <SegmentedControlItem id="12">12 weeks</SegmentedControlItem>
        <SegmentedControlItem id="52">A year</SegmentedControlItem>
      </SegmentedControl>
      <Select
        label="First delivery week"
        placeholder={standingOrderMessages.pickWeek}
        items={weeks.map((monday) => ({ id: monday, name: weekLabel(monday) }))}
        disabledKeys={unpickable}
        selectedKey={pickedWeek}
        onSelectionChange={(key) => setWeek(Number(key))}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <Select
        label="Delivery day"
        items={WEEKDAYS.map((day) => ({ id: day, name: weekdayName(day) }))}
        disabledKeys={WEEKDAYS.filter((day) => !delivered.includes(day))}
        selectedKey={weekday}
        onSelectionChange={(key) => setWeekday(Number(key))}
        description={
          schedule && delivered.length > 0 && delivered.length < WEEKDAYS.length
            ? scheduleMessages.deliveredOn(schedule.zipcode, delivered.map(weekdayName))
            : undefined
        }
        errorMessage={
          schedule && delivered.length === 0
            ? scheduleMessages.notDeliveredTo(schedule.zipcode)
            : undefined
        }
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <ChargedCardSelect cards={cards} cardKey={cardKey} onChange={setCardChoice} />
      <p className="standing-orders__policy">{standingOrderMessages.pricePolicy}</p>
      <Button type="submit" isDisabled={creating || !ready}>
        Create standing order
      </Button>
    </form>
  );
}
