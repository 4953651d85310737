import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  boxesOffered,
  boxPriceCents,
  bunchesInStock,
  customBoxBunchCount,
  formatEtaDate,
  formatCents,
  messages,
  percentPerBunch,
  type CatalogSnapshot,
} from '@stemline/shared';
import { apiLogIn, continueWithEmail, skipWelcome } from './support/accounts';
import {
  apiCart,
  apiCatalog,
  apiDeleteCartLines,
  apiSetCartBoxes,
  DEMO_PASSWORD,
} from './support/api';
import { catalogDate, logInThroughModal } from './support/app';
import { cardNames, openProductDetail, varietyCard } from './support/catalog';
import { sessionToken } from './support/delivery';

// A buyer with at most one order gets the automatic delivery date, so the catalogue opens on one.
const BUYER = 'newbuyer@stemline.test';

test.describe.configure({ mode: 'serial' });

let page: Page;
let date: number;
let catalog: CatalogSnapshot;

async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const signedInPage = await context.newPage();
  await signedInPage.goto('/shopping/home');
  await logInThroughModal(signedInPage, BUYER);
  return signedInPage;
}

/** Opens the catalogue with exactly these parameters besides the date, as a shared link would. */
async function openView(target: Page, params: string): Promise<void> {
  await target.goto(`/shopping/home?date=${date}${params ? `&${params}` : ''}`);
  await expect(target.locator('#root article.variety-card').first()).toBeVisible();
}

/** Ticks a filter choice by its label, as a pointer user does (the input itself is hidden). */
async function tick(target: Page, group: string, option: RegExp): Promise<void> {
  const checkbox = target
    .getByRole('group', { name: group })
    .getByRole('checkbox', { name: option });
  await checkbox.locator('xpath=ancestor::label').click();
  await expect(checkbox).toBeChecked();
}

/** Waits until the line under every card's name (group · colour · length) passes `check`. */
async function expectEveryCard(target: Page, check: (meta: string) => boolean): Promise<void> {
  const metas = target.locator('#root .variety-card__meta');
  await expect(metas.first()).toBeVisible();
  await expect.poll(async () => (await metas.allTextContents()).every(check)).toBe(true);
}

function count(target: Page) {
  return target.locator('#root .catalog__count');
}

/** How many cards are rendered below the screen (the rows around it, once the list stays put). */
function cardsBelowScreen(target: Page): Promise<number> {
  return target.evaluate(
    () =>
      [...document.querySelectorAll('#root article.variety-card')].filter(
        (card) => card.getBoundingClientRect().top > innerHeight + 1,
      ).length,
  );
}

/**
 * The card names and farm headings on the first screen, in order. The list is windowed: the rows
 * around the screen are deferred while it changes, so what is rendered below the screen depends on
 * the instant it is read; what a link must reproduce is what is on screen.
 */
function firstScreen(target: Page): Promise<{ names: string[]; farms: string[] }> {
  return target.evaluate(() => {
    const onScreen = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight;
    };
    const texts = (selector: string) =>
      [...document.querySelectorAll(`#root ${selector}`)]
        .filter(onScreen)
        .map((element) => element.textContent ?? '');
    return { names: texts('article.variety-card h3'), farms: texts('.catalog-list__farm-name') };
  });
}

async function shownCount(target: Page): Promise<number> {
  const text = (await count(target).textContent()) ?? '';
  return Number(/^([\d,]+) variet/.exec(text)?.[1]?.replaceAll(',', '') ?? NaN);
}

test.beforeAll(async ({ browser, request }) => {
  page = await signedIn(browser);
  date = await catalogDate(page);
  catalog = await apiCatalog(request, await sessionToken(page), date);
});

test.afterAll(async () => {
  await page.context().close();
});

test('filters narrow the list, live in the URL, and the length filter needs both ends', async () => {
  await openView(page, '');
  const total = await shownCount(page);
  expect(total).toBeGreaterThan(50);

  await tick(page, 'Category', /^Roses /);
  await expect(page).toHaveURL(/[?&]category=cat-roses(&|$)/);
  await expect.poll(() => shownCount(page)).toBeLessThan(total);
  await expectEveryCard(page, (meta) => meta.includes('Roses'));

  await tick(page, 'Country', /^Ecuador /);
  await expect(page).toHaveURL(/[?&]country=EC(&|$)/);
  await expect
    .poll(() =>
      page
        .locator('.offer-row__grower')
        .getByRole('img')
        .evaluateAll((flags) => [...new Set(flags.map((flag) => flag.getAttribute('aria-label')))]),
    )
    .toEqual(['Ecuador']);

  const lengths = [...new Set(catalog.offers.map((offer) => offer.length))]
    .filter((cm) => cm > 0)
    .sort((a, b) => a - b);
  await page.getByRole('button', { name: /Shortest/ }).click();
  await page.getByRole('option', { name: '60 cm' }).click();
  // Choosing one end fills the other with the longest length, so the filter applies (spec §5).
  await expect(page).toHaveURL(new RegExp(`minimun_stem_length=60%2C${lengths.at(-1)}`));
  await expectEveryCard(page, (meta) => Number(/(\d+)\s+cm/.exec(meta)?.[1]) >= 60);

  await page.getByRole('button', { name: 'Clear all filters' }).first().click();
  await expect(page).toHaveURL(new RegExp(`\\?date=${date}$`));
  await expect.poll(() => shownCount(page)).toBe(total);
});

test("select lists show four choices, then 'Show more'", async () => {
  await openView(page, '');
  const groups = page.getByRole('group', { name: 'Product group' });
  await expect(groups.getByRole('checkbox')).toHaveCount(4);
  const all = new Set(catalog.varieties.map((variety) => variety.product_group_key)).size;
  // The name says the count it shows, 'Show more (n)', and which list (audit 24.7).
  await page
    .getByRole('button', { name: `Show more (${all - 4}) product group`, exact: true })
    .click();
  await expect(groups.getByRole('checkbox')).toHaveCount(all);
  await page.getByRole('button', { name: 'Show less product group', exact: true }).click();
  await expect(groups.getByRole('checkbox')).toHaveCount(4);
});

/** The count an option of a filter list shows, e.g. 'Red 12 varieties' → 12. */
async function optionCount(target: Page, group: string, option: RegExp): Promise<number> {
  const label = target
    .getByRole('group', { name: group })
    .getByRole('checkbox', { name: option })
    .locator('xpath=ancestor::label');
  const text = (await label.locator('.filter-list__count').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

test('filter counts follow the other chosen filters and the search', async () => {
  await openView(page, 'category=cat-roses&color=col-red');
  const shown = await shownCount(page);
  // Red's count is what the list shows: red roses, not every red variety of the date.
  await expect.poll(() => optionCount(page, 'Color', /^Red /)).toBe(shown);
  const redVarieties = new Set(
    catalog.varieties.filter((v) => v.color_key === 'col-red').map((v) => v.key),
  );
  expect(shown).toBeLessThan(redVarieties.size);
  // Roses' count keeps the colour: the red roses again.
  await expect.poll(() => optionCount(page, 'Category', /^Roses /)).toBe(shown);

  await page.getByRole('searchbox', { name: 'Search' }).fill('freedom');
  await expect.poll(() => shownCount(page)).toBeLessThan(shown);
  await expect.poll(() => optionCount(page, 'Color', /^Red /)).toBe(await shownCount(page));
});

test('filter choices show their whole name and count at 1280 px, long farm names too', async () => {
  await openView(page, '');
  await page.getByRole('button', { name: /^Show more \(\d+\) farm$/ }).click();
  const farms = page.getByRole('group', { name: 'Farm' }).getByRole('checkbox');
  await expect(farms).toHaveCount(new Set(catalog.offers.map((offer) => offer.grower_key)).size);
  const clipped = await page.locator('.catalog-sidebar').evaluate((sidebar) => {
    const edge = sidebar.getBoundingClientRect().right;
    const cut: string[] = [];
    if (sidebar.scrollWidth > sidebar.clientWidth) cut.push('the sidebar scrolls sideways');
    for (const option of sidebar.querySelectorAll('.filter-list__option')) {
      for (const part of option.querySelectorAll('.filter-list__name, .filter-list__count')) {
        const box = part.getBoundingClientRect();
        if (part.scrollWidth > part.clientWidth || box.right > edge + 0.5 || box.width === 0) {
          cut.push(option.textContent ?? '');
        }
      }
    }
    return cut;
  });
  expect(clipped).toEqual([]);
});

test('search finds names, colours, farms and synonyms, best match first, in the URL', async () => {
  await openView(page, '');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toHaveAttribute('placeholder', 'Type any flower, color, farm or tag');
  // The spec's words are the only hint of what it finds: at a 768 px tablet they were cut to
  // 'Type any flower, color, farm o' beside the delivery bar.
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) throw new Error('no canvas');
        context.font = style.font;
        const room =
          input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width <= room;
      }),
      `the whole placeholder shows at ${width} px`,
    ).toBe(true);
  }

  const variety = catalog.varieties[Math.floor(catalog.varieties.length / 2)];
  if (!variety) throw new Error('no varieties');
  await search.fill(variety.name);
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(variety.name).replaceAll('%20', '(\\+|%20)')}`),
  );
  await expect(page.locator('#root article.variety-card h3').first()).toHaveText(variety.name);
  // The box is the page's search landmark, and Enter in it keeps the page (its form goes nowhere).
  await expect(page.getByRole('search').getByRole('searchbox', { name: 'Search' })).toBeVisible();
  const submitted = page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        window.addEventListener('submit', (event) => resolve(event.defaultPrevented), {
          once: true,
        }),
      ),
  );
  await search.press('Enter');
  expect(await submitted).toBe(true);
  await expect(search).toHaveValue(variety.name);

  await search.fill('hortensia');
  await expect(page.locator('#root .variety-card__meta').first()).toContainText('Hydrangea');

  const grower = catalog.growers[0];
  if (!grower) throw new Error('no growers');
  await search.fill(grower.grower_name);
  const byFarm = new Set(
    catalog.offers.filter((o) => o.grower_key === grower.key).map((o) => o.variety_key),
  );
  await expect
    .poll(async () => {
      const firstName = (await cardNames(page))[0];
      return catalog.varieties.some((v) => v.name === firstName && byFarm.has(v.key));
    })
    .toBe(true);

  await search.fill('red roses');
  const first = page.locator('#root .variety-card__meta').first();
  await expect(first).toContainText('Roses');
  await expect(first).toContainText('Red');

  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);
});

test("the search box follows the URL: Back and Forward bring their search into it, an empty result's 'Clear all filters' empties it", async () => {
  await openView(page, '');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('rose');
  await expect(page).toHaveURL(/[?&]search=rose(&|$)/);
  await expect.poll(() => shownCount(page)).toBeGreaterThan(0);
  const roses = await shownCount(page);

  // Typing replaces the view's history entry; a filter adds one.
  await tick(page, 'Country', /^Ecuador /);
  await expect(page).toHaveURL(/[?&]country=EC(&|$)/);
  await search.fill('red');
  await expect(page).toHaveURL(/[?&]search=red(&|$)/);
  await expect.poll(() => shownCount(page)).not.toBe(roses);

  await page.goBack();
  await expect(page).not.toHaveURL(/country=/);
  await expect(search).toHaveValue('rose');
  await expect.poll(() => shownCount(page)).toBe(roses);

  await page.goForward();
  await expect(page).toHaveURL(/[?&]country=EC(&|$)/);
  await expect(search).toHaveValue('red');
  await expectEveryCard(page, (meta) => meta.includes('Red'));

  // With no match, the results' 'Clear all filters' clears the search too (the filters' own keeps it).
  await search.fill('zzqx');
  const clear = page
    .locator('.catalog__results')
    .getByRole('button', { name: 'Clear all filters' });
  await clear.click();
  await expect(page).toHaveURL(new RegExp(`\\?date=${date}$`));
  await expect(search).toHaveValue('');
  await expect.poll(() => shownCount(page)).toBeGreaterThan(roses);
});

test("sort 'Price low-high' orders cards by their price", async () => {
  await openView(page, '');
  await page.getByRole('button', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Price low-high' }).click();
  await expect(page).toHaveURL(/sortBy=price_low_high/);
  const prices = async () =>
    (await page.locator('#root .price-figures__unit-price').allTextContents()).map((text) =>
      Number(text.replace(/[$,]/g, '')),
    );
  await expect
    .poll(async () => {
      const shown = await prices();
      return shown.length > 3 && shown.every((price, i) => i === 0 || price >= (shown[i - 1] ?? 0));
    })
    .toBe(true);

  await page.getByRole('button', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Most popular' }).click();
  await expect(page).not.toHaveURL(/sortBy=/);
});

test('a shared link reproduces the view, and a hostile one is read safely', async ({ browser }) => {
  await openView(page, '');
  await tick(page, 'Category', /^Roses /);
  await page.getByRole('radio', { name: 'By farm' }).click();
  await page.getByRole('radio', { name: 'List' }).click();
  await page.getByRole('button', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Price low-high' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('red');
  await expect(page).toHaveURL(/search=red/);
  const link = page.url();
  await expect(page.locator('.catalog-list__farm-name').first()).toBeVisible();
  // The list has settled once the rows around the screen are back.
  await expect.poll(() => cardsBelowScreen(page)).toBeGreaterThan(0);
  const expected = { ...(await firstScreen(page)), count: await count(page).textContent() };
  expect(expected.names.length).toBeGreaterThan(0);

  const other = await signedIn(browser);
  await other.goto(link);
  await expect(other.locator('#root article.variety-card').first()).toBeVisible();
  await expect(other.getByRole('searchbox', { name: 'Search' })).toHaveValue('red');
  await expect(other.getByRole('radio', { name: 'By farm' })).toBeChecked();
  await expect(other.getByRole('radio', { name: 'List' })).toBeChecked();
  await expect(other.getByRole('button', { name: /Sort by/ })).toContainText('Price low-high');
  await expect(
    other.getByRole('group', { name: 'Category' }).getByRole('checkbox', { name: /^Roses / }),
  ).toBeChecked();
  await expect(count(other)).toHaveText(expected.count ?? '');
  await expect
    .poll(() => firstScreen(other))
    .toEqual({ names: expected.names, farms: expected.farms });

  await other.goto(
    `/shopping/home?date=${date}&category=%3Cscript%3E,cat-roses,,&country=zz&minimun_stem_length=abc,90&sortBy=__proto__&mode=1&view=%00`,
  );
  await expect(other.locator('#root article.variety-card').first()).toBeVisible();
  await expect(
    other.getByRole('group', { name: 'Category' }).getByRole('checkbox', { name: /^Roses / }),
  ).toBeChecked();
  await expect(other.getByRole('button', { name: /Sort by/ })).toContainText('Most popular');
  await expect(other.getByRole('radio', { name: 'Best deal' })).toBeChecked();
  await expect(other.getByRole('radio', { name: 'Grid' })).toBeChecked();
  await other.context().close();
});

test('the product detail shows every grower by country with the server’s figures', async () => {
  // The variety offered from the most countries, to see the grouping.
  const countriesOf = (key: string) =>
    new Set(
      catalog.offers
        .filter((offer) => offer.variety_key === key)
        .map((offer) => catalog.growers.find((g) => g.key === offer.grower_key)?.country_name),
    );
  const variety = [...catalog.varieties].sort(
    (a, b) => countriesOf(b.key).size - countriesOf(a.key).size,
  )[0];
  if (!variety) throw new Error('no varieties');
  await openView(page, `search=${encodeURIComponent(variety.name)}`);
  const dialog = await openProductDetail(page, variety.name);

  // Countries come in the order of their best offer, so they are compared as a set.
  await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
  const countries = await dialog.getByRole('heading', { level: 3 }).allInnerTexts();
  expect(new Set(countries.map((text) => text.trim()))).toEqual(countriesOf(variety.key));

  const offers = catalog.offers.filter((offer) => offer.variety_key === variety.key);
  const rows = dialog.locator('li.offer-row');
  await expect(rows).toHaveCount(offers.length);
  for (const offer of offers) {
    const row = dialog.getByTestId(`offer-${offer.inventory_key}`);
    const grower = catalog.growers.find((g) => g.key === offer.grower_key);
    await expect(
      dialog.getByTestId(`grower-${offer.grower_key}`).getByRole('heading', { level: 4 }),
    ).toContainText(grower?.grower_name ?? '?');
    const figure = (name: string) => row.locator(`[data-figure="${name}"]`);
    await expect(figure('length')).toHaveText(offer.length > 0 ? `${offer.length} cm` : '—');
    await expect(figure('stems-per-bunch')).toHaveText(String(offer.stems_per_bunch));
    await expect(figure('packing-date')).toHaveText(formatEtaDate(offer.packing_date));
    await expect(figure('boxes-offered')).toHaveText(String(boxesOffered(offer)));
    await expect(figure('unit-price')).toHaveText(formatCents(offer.stem_price_cents));
    await expect(figure('box-price')).toHaveText(
      formatCents(boxPriceCents(offer.stem_price_cents, offer)),
    );
    const bunches = customBoxBunchCount({
      filledPercentage: 0,
      percentPerBunch: percentPerBunch(offer),
      bunchesInStock: bunchesInStock(offer),
    });
    await expect(figure('custom-box')).toHaveText(
      offer.open_market
        ? 'Full boxes only'
        : `Up to ${bunches} ${bunches === 1 ? 'bunch' : 'bunches'}`,
    );
  }
  // The Boxes field's − and + are whole touch targets (they were 44 × 42).
  const steppers = rows.first().getByRole('button', { name: /^(Decrease|Increase) / });
  await expect(steppers).toHaveCount(2);
  for (const stepper of await steppers.all()) {
    const box = await stepper.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('list and grid views, with a windowed list', async () => {
  await openView(page, '');
  const cards = page.locator('#root article.variety-card');
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  expect(second?.y).toBe(first?.y);
  expect(await cards.count()).toBeLessThan(await shownCount(page));

  await page.getByRole('radio', { name: 'List' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(cards.first()).toHaveAttribute('data-view', 'list');
  const listFirst = await cards.nth(0).boundingBox();
  const listSecond = await cards.nth(1).boundingBox();
  expect(listSecond?.y ?? 0).toBeGreaterThan((listFirst?.y ?? 0) + (listFirst?.height ?? 0) - 1);

  // Scrolling to the end renders the last cards without the page growing as they arrive.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(cards.last()).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(height);
  // Cards on screen show their pictures; those in the rows rendered around the screen keep their
  // swatches until they scroll in (pictures there slowed the next keystroke).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const all = [...document.querySelectorAll('#root article.variety-card')];
        const box = (card: Element) => card.getBoundingClientRect();
        const on = all.filter((card) => box(card).bottom > 1 && box(card).top < innerHeight - 1);
        const off = all.filter((card) => box(card).bottom < -1 || box(card).top > innerHeight + 1);
        const picture = (card: Element) => card.querySelector('.variety-image img') !== null;
        return {
          onScreen: on.length > 0,
          offScreen: off.length > 0,
          onScreenWithout: on.filter((card) => !picture(card)).length,
          offScreenWith: off.filter(picture).length,
        };
      }),
    )
    .toEqual({ onScreen: true, offScreen: true, onScreenWithout: 0, offScreenWith: 0 });

  await page.getByRole('radio', { name: 'Grid' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(cards.first()).toHaveAttribute('data-view', 'grid');
});

test('a card scrolling in shows its picture at once: pictures below are fetched ahead while scrolling', async () => {
  await openView(page, '');
  /** Of the cards below the screen (the rows rendered around it): how many, and how many have
   * had their pictures fetched. */
  const below = () =>
    page.evaluate(() => {
      const fetched = new Set(
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      const picture = (card: Element) => {
        const key = (card.getAttribute('aria-labelledby') ?? '').replace(/^variety-/, '');
        return `/api/variety/image/${encodeURIComponent(key)}.svg`;
      };
      const cards = [...document.querySelectorAll('#root article.variety-card')].filter(
        (card) => card.getBoundingClientRect().top > innerHeight + 1,
      );
      return {
        cards: cards.length,
        fetched: cards.filter((card) => fetched.has(picture(card))).length,
      };
    });
  // Once the list stays put, the rows below the screen render with their swatches only: their
  // pictures are not fetched while nobody scrolls (fetching them slowed the next keystroke).
  await expect.poll(async () => (await below()).cards).toBeGreaterThan(0);
  expect((await below()).fetched).toBe(0);

  // The florist starts scrolling: those pictures are fetched.
  await page.mouse.move(640, 450);
  await page.mouse.wheel(0, 8);
  await expect
    .poll(async () => {
      const { cards, fetched } = await below();
      return cards > 0 && fetched === cards;
    })
    .toBe(true);

  // Scrolled by a row, the cards coming on screen get their pictures: each is whole the moment
  // it is put in the page, so the frame that shows the card shows it.
  await page.evaluate(() => {
    const inserted: boolean[] = [];
    Object.assign(window, { picturesScrolledIn: inserted });
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (node instanceof HTMLImageElement && node.closest('.variety-image')) {
          inserted.push(node.complete && node.naturalWidth > 0);
        }
      }
    }).observe(document.querySelector('#root .catalog-list')!, { childList: true, subtree: true });
  });
  const card = await page.locator('#root article.variety-card').first().boundingBox();
  await page.evaluate((by) => window.scrollBy(0, by), Math.ceil((card?.height ?? 0) + 16));
  const inserted = () =>
    page.evaluate(
      () => (window as unknown as { picturesScrolledIn: boolean[] }).picturesScrolledIn,
    );
  await expect.poll(async () => (await inserted()).length).toBeGreaterThan(1);
  expect(await inserted()).not.toContain(false);
});

test('while typing, the rows around the screen never show the last search’s cards; when typing pauses they show the new ones', async () => {
  await openView(page, 'search=rose');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toHaveValue('rose');
  /** The names on the cards a buyer can see, on screen or a scroll away, in the list's order. */
  const seen = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#root article.variety-card')]
        .filter((card) => card.checkVisibility())
        .map((card) => card.querySelector('h3')?.textContent ?? ''),
    );
  // The list has stayed put: the rows below the screen are in the page.
  await expect.poll(() => cardsBelowScreen(page)).toBeGreaterThan(0);
  const roses = await seen();

  // A keystroke's text, and what the page holds the moment its update is done: its input event
  // renders the results at once, well before the rows around the screen catch up (typing pauses).
  const typed = await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('#root input[type="search"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
      input,
      'carnation',
    );
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return [...document.querySelectorAll('#root article.variety-card')]
      .filter((card) => card.checkVisibility())
      .map((card) => card.querySelector('h3')?.textContent ?? '');
  });
  expect(typed.length).toBeGreaterThan(0);

  // Once typing pauses, the rows below the screen are there again, with carnations.
  await expect(page).toHaveURL(/search=carnation/);
  await expect.poll(() => cardsBelowScreen(page)).toBeGreaterThan(0);
  const carnations = await seen();
  expect(carnations.length).toBeGreaterThan(typed.length);
  expect(carnations.some((name) => roses.includes(name))).toBe(false);
  // What the keystroke showed was the new results' first cards, and nothing else.
  expect(typed).toEqual(carnations.slice(0, typed.length));
});

test('a reload first paints the last look of the view: its first screen only, without pictures or ids', async ({
  browser,
}) => {
  // A view no other test opens, so the copy kept is this visit's.
  await openView(page, 'sortBy=price_low_high&search=rose');
  // The view's path and query, and the item index.html reads its first view from.
  const { viewPath, itemName } = await page.evaluate(() => {
    const viewPath = `${location.pathname}${location.search}`;
    return {
      viewPath,
      itemName: `stemline.firstView:${localStorage.getItem('user_key') ?? ''}|${viewPath}`,
    };
  });
  // The view is kept once it has settled on screen.
  await expect
    .poll(() => page.evaluate((name) => localStorage.getItem(name), itemName))
    .not.toBeNull();
  // The rows below the screen are in the page too, once it stays put.
  await expect.poll(() => cardsBelowScreen(page)).toBeGreaterThan(0);
  const live = await page.evaluate(() => {
    const cards = [...document.querySelectorAll('#root article.variety-card')];
    const above = (element: Element | null) =>
      element !== null && element.getBoundingClientRect().top < innerHeight;
    return {
      cards: cards.length,
      firstScreen: cards
        .filter(above)
        .map((card) => card.querySelector('h3'))
        .filter(above)
        .map((name) => name?.textContent ?? ''),
    };
  });
  const stored = await page.evaluate(
    (name) => ({ user: localStorage.getItem('user_key'), html: localStorage.getItem(name) }),
    itemName,
  );

  // The same device reopens the view, and the app's code is held back: what shows is what
  // index.html lays from the kept copy before any of it runs.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  await context.addInitScript(
    ({ name, user, html }) => {
      localStorage.setItem('user_key', user ?? '');
      localStorage.setItem(name, html ?? '');
    },
    { name: itemName, ...stored },
  );
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const reopened = await context.newPage();
  await reopened.goto(viewPath);
  const view = reopened.locator('#first-view');
  await expect(view).toHaveAttribute('aria-hidden', 'true');
  expect(await view.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  // The cards of the first screen, in order; none of those rendered below it.
  expect(await view.locator('article.variety-card h3').allTextContents()).toEqual(live.firstScreen);
  expect(live.firstScreen.length).toBeGreaterThan(0);
  expect(await view.locator('article.variety-card').count()).toBeLessThan(live.cards);
  // No pictures (each would be fetched and decoded first) and no ids (doubled beside the app's).
  expect(await view.locator('img').count()).toBe(0);
  expect(await view.locator('[id]').count()).toBe(0);
  await context.close();
});

test('without a chosen date, the catalogue says whose prices it shows and invites a choice', async ({
  browser,
}) => {
  // The demo florist has past orders, so no date is chosen for them.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const florist = await context.newPage();
  await florist.goto('/shopping/home');
  await logInThroughModal(florist, 'florist@stemline.test');
  await expect(florist.locator('#root article.variety-card').first()).toBeVisible();
  await expect(florist).not.toHaveURL(/[?&]date=/);
  const note = florist.locator('.catalog__date-note');
  // The date's spaces are no-break ones (\s), so a phone keeps it on one line.
  await expect(note).toHaveText(
    /^Prices for the first delivery date, \w{3},\s\w{3}\s\d{1,2} — Choose your date$/,
  );
  // The count no longer reads as if a date had been chosen.
  await expect(count(florist)).toHaveText(/^[\d,]+ variet(y|ies)$/);

  await note.getByRole('button', { name: 'Choose your date' }).click();
  const calendar = florist.getByRole('dialog', { name: 'Choose your delivery date' });
  await expect(calendar).toBeVisible();
  await calendar
    .locator('[role="gridcell"]:not([aria-disabled="true"]) [role="button"]')
    .first()
    .click();
  await calendar.getByRole('button', { name: /^Deliver on / }).click();
  await expect(florist).toHaveURL(/[?&]date=\d{8}/);
  const chosen = Number(new URL(florist.url()).searchParams.get('date'));
  await expect(note).toBeHidden();
  await expect(count(florist)).toHaveText(
    new RegExp(`variet(y|ies) for ${formatEtaDate(chosen)}$`),
  );
  await context.close();
});

test('adding to cart without a delivery date opens the calendar', async ({ browser }) => {
  const context = await browser.newContext();
  const florist = await context.newPage();
  await florist.goto('/shopping/home');
  // This florist has past orders, so no date is chosen for them (spec §4).
  await logInThroughModal(florist, 'florist@stemline.test');
  await expect(florist).not.toHaveURL(/date=/);
  await florist
    .locator('#root article.variety-card')
    .first()
    .getByRole('button', { name: /^Add .* to cart$/ })
    .click();
  await expect(florist.getByRole('dialog', { name: 'Choose your delivery date' })).toBeVisible();
  await context.close();
});

/** The price rows of `snapshot` an Add button names by `label` (variety, length and farm). */
function rowsNamed(snapshot: CatalogSnapshot, label: string | undefined): Set<number> {
  const growers = new Map(snapshot.growers.map((grower) => [grower.key, grower.grower_name]));
  const names = new Map(snapshot.varieties.map((variety) => [variety.key, variety.name]));
  const named = snapshot.offers.filter((offer) => {
    const length = offer.length > 0 ? `${offer.length} cm ` : '';
    return (
      `${names.get(offer.variety_key)} ${length}from ${growers.get(offer.grower_key)}` === label
    );
  });
  return new Set(named.map((offer) => offer.inventory_key));
}

test("visitors browse without prices: 'Log in to see prices'; the Add that asked them to log in is made once they have", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`/shopping/home?date=${date}`);
  // Spec §2: a visitor is greeted by the welcome modal; they close it to browse.
  const welcome = visitor.getByRole('dialog');
  await expect(welcome).toBeVisible();
  await visitor.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
  await expect(visitor.getByText('Log in to see prices').first()).toBeVisible();
  await expect(visitor.locator('#root .price-figures__unit-price')).toHaveCount(0);

  // The price rows the first card's Add names (variety, length and farm) on this date.
  const add = visitor
    .locator('#root article.variety-card')
    .first()
    .getByRole('button', { name: /^Add .* to cart$/ });
  const label = /^Add (.*) to cart$/.exec((await add.getAttribute('aria-label')) ?? '')?.[1];
  const rows = rowsNamed(catalog, label);
  expect(rows.size).toBeGreaterThan(0);
  const florist = 'florist@stemline.test';
  const token = await apiLogIn(request, florist, DEMO_PASSWORD);
  const linesOfRow = async () =>
    (await apiCart(request, token))
      .flatMap((group) => group.items)
      .filter((line) => rows.has(line.inventory_key) && line.eta_date === date);
  const boxesOfRow = async () => (await linesOfRow()).reduce((sum, line) => sum + line.boxes, 0);
  const before = await linesOfRow();
  const boxesBefore = before.reduce((sum, line) => sum + line.boxes, 0);

  await add.click();
  const dialog = await continueWithEmail(visitor, florist);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();

  // The box pressed before logging in is in the cart, and the page says so.
  try {
    await expect(
      visitor.locator('.sl-toast').filter({ hasText: messages.addToCartSuccess }),
    ).toContainText(`1 box of ${label}`);
    await expect.poll(boxesOfRow).toBe(boxesBefore + 1);
  } finally {
    for (const line of await linesOfRow()) {
      const was = before.find((old) => old.key === line.key);
      if (was) await apiSetCartBoxes(request, token, [{ key: line.key, boxes: was.boxes }]);
      else await apiDeleteCartLines(request, token, [line.key]);
    }
  }
  await context.close();
});

test('a visitor’s Add without a delivery date is made for the date they choose once logged in', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await skipWelcome(visitor);
  await visitor.goto('/shopping/home');
  const add = visitor
    .locator('#root article.variety-card')
    .first()
    .getByRole('button', { name: /^Add .* to cart$/ });
  const label = /^Add (.*) to cart$/.exec((await add.getAttribute('aria-label')) ?? '')?.[1];
  await add.click();
  // The demo florist has past orders, so no date is chosen for them (spec §4).
  const florist = 'florist@stemline.test';
  const dialog = await continueWithEmail(visitor, florist);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    visitor.locator('.sl-toast').filter({ hasText: 'Choose your delivery date to add' }),
  ).toContainText(`${label}`);
  await expect(visitor).not.toHaveURL(/date=/);

  const token = await sessionToken(visitor);
  const chosen = await catalogDate(visitor);
  const dated = await apiCatalog(request, token, chosen);
  const rows = rowsNamed(dated, label);
  const linesOfRow = async () =>
    (await apiCart(request, token))
      .flatMap((group) => group.items)
      .filter((line) => rows.has(line.inventory_key) && line.eta_date === chosen);
  try {
    await expect(
      visitor.locator('.sl-toast').filter({ hasText: messages.addToCartSuccess }),
    ).toContainText(`1 box of ${label} for ${formatEtaDate(chosen)}`);
    await expect.poll(async () => (await linesOfRow()).length).toBeGreaterThan(0);
  } finally {
    await apiDeleteCartLines(
      request,
      token,
      (await linesOfRow()).map((line) => line.key),
    );
  }
  await context.close();
});

test('a card leads with its variety’s best offer', async () => {
  const variety = catalog.varieties[0];
  if (!variety) throw new Error('no varieties');
  await openView(page, `search=${encodeURIComponent(variety.name)}`);
  const card = varietyCard(page, variety.name);
  const available = catalog.offers.filter(
    (offer) => offer.variety_key === variety.key && boxesOffered(offer) > 0,
  );
  const best = Math.min(...available.map((offer) => offer.stem_price_cents));
  await expect(card.locator('.price-figures__unit-price')).toHaveText(formatCents(best));
});
