import { expect, test, type Page } from '@playwright/test';
import { boxesOffered } from '@stemline/shared';
import { skipWelcome } from './support/accounts';
import {
  apiCart,
  apiAddToCart,
  apiCatalog,
  apiDeleteCartLines,
  apiSetCartBoxes,
} from './support/api';
import { catalogDate, logInThroughModal, signedInPage } from './support/app';
import { openProductDetail, varietyCard } from './support/catalog';
import { sessionToken } from './support/delivery';

/** Every part of each card on screen, as boxes relative to the card. */
function cardParts(page: Page) {
  return page.locator('#root article.variety-card').evaluateAll((cards) =>
    cards
      .filter((card) => {
        const box = card.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      })
      .map((card) => {
        const outer = card.getBoundingClientRect();
        const part = (selector: string) => {
          const element = card.querySelector(selector);
          if (!element) return null;
          const box = element.getBoundingClientRect();
          return {
            top: box.top - outer.top,
            bottom: box.bottom - outer.top,
            left: box.left - outer.left,
            right: box.right - outer.left,
          };
        };
        const status = card.querySelector('.offer-status');
        return {
          name: card.querySelector('h3')?.textContent ?? '',
          // Its words are not cut: nothing runs past its box, across or down.
          statusCut:
            !status ||
            status.scrollWidth > status.clientWidth + 1 ||
            status.scrollHeight > status.clientHeight + 1,
          width: outer.width,
          height: outer.height,
          name_: part('.variety-card__name'),
          price: part('.price-figures'),
          grower: part('.offer-row__grower'),
          status: part('.offer-status'),
          actions: part('.offer-actions'),
        };
      }),
  );
}

test("a card's farm, stock, cart state and Add stay inside it and apart, from a 360 px phone to a desktop, in grid and list", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await skipWelcome(page);
    await page.goto('/shopping/home');
    await logInThroughModal(page, 'florist@stemline.test');
    const date = await catalogDate(page);
    const token = await sessionToken(page);

    // The fullest status a card shows: an open-market row, alone for its variety (so the card
    // leads with it), in the cart and held, with few boxes left.
    const catalog = await apiCatalog(page.request, token, date);
    const count = <T>(items: readonly T[], key: (item: T) => string) => {
      const counts = new Map<string, number>();
      for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
      return counts;
    };
    const offersOf = count(catalog.offers, (offer) => offer.variety_key);
    const names = count(catalog.varieties, (variety) => variety.name);
    const candidates = catalog.varieties.flatMap((variety) => {
      const offer = catalog.offers.find((row) => row.variety_key === variety.key);
      const single = offersOf.get(variety.key) === 1 && names.get(variety.name) === 1;
      return single && offer?.open_market && boxesOffered(offer) >= 2 ? [{ variety, offer }] : [];
    });
    candidates.sort((a, b) => boxesOffered(a.offer) - boxesOffered(b.offer));
    const [target] = candidates;
    if (!target) throw new Error('no open-market variety with a single row');
    const before = (await apiCart(page.request, token))
      .flatMap((group) => group.items)
      .find((line) => line.inventory_key === target.offer.inventory_key);
    const added = await apiAddToCart(page.request, token, target.offer, date, 1);
    expect(added.ok()).toBe(true);

    try {
      const views = [
        { width: 360, height: 760, view: 'grid' },
        { width: 360, height: 760, view: 'list' },
        { width: 544, height: 900, view: 'grid' },
        { width: 1280, height: 800, view: 'grid' },
        { width: 1280, height: 800, view: 'list' },
      ] as const;
      for (const { width, height, view } of views) {
        await page.setViewportSize({ width, height });
        const search = encodeURIComponent(target.variety.name);
        await page.goto(`/shopping/home?date=${date}&search=${search}&view=${view}`);
        const card = varietyCard(page, target.variety.name);
        await expect(card.locator('.offer-status')).toContainText(/in cart · held for \d+:\d\d/);
        await expect(card.locator('.offer-status__stock')).toBeVisible();
        const parts = await cardParts(page);
        expect(parts.length).toBeGreaterThan(0);
        for (const card of parts) {
          const where = `${card.name} at ${width} px, ${view}`;
          for (const [part, box] of Object.entries(card)) {
            if (box === null || typeof box !== 'object') continue;
            expect(box.top, `${part} of ${where}`).toBeGreaterThanOrEqual(-0.5);
            expect(box.bottom, `${part} of ${where}`).toBeLessThanOrEqual(card.height + 0.5);
            expect(box.left, `${part} of ${where}`).toBeGreaterThanOrEqual(-0.5);
            expect(box.right, `${part} of ${where}`).toBeLessThanOrEqual(card.width + 0.5);
          }
          expect(card.statusCut, `status of ${where} cut`).toBe(false);
          const { grower, status, actions, price } = card;
          if (!grower || !status || !actions || !price)
            throw new Error(`${where}: a part is missing`);
          expect(status.top, `status under the farm, ${where}`).toBeGreaterThanOrEqual(
            grower.bottom - 0.5,
          );
          expect(grower.top, `farm under the price, ${where}`).toBeGreaterThanOrEqual(
            price.bottom - 0.5,
          );
        }
      }
    } finally {
      const line = (await apiCart(page.request, token))
        .flatMap((group) => group.items)
        .find((item) => item.inventory_key === target.offer.inventory_key);
      if (line && before) {
        await apiSetCartBoxes(page.request, token, [{ key: line.key, boxes: before.boxes }]);
      } else if (line) {
        await apiDeleteCartLines(page.request, token, [line.key]);
      }
    }
  } finally {
    await context.close();
  }
});

test('on a 360 px phone the card\'s group · colour · length and the detail\'s subtitle keep each "·" with the fact after it', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(
    browser,
    { width: 360, height: 760 },
    'florist@stemline.test',
  );
  try {
    const date = await catalogDate(page);
    await page.goto(`/shopping/home?date=${date}`);
    const metas = page.locator('#root .variety-card__meta');
    await expect(metas.first()).toContainText('·');
    const cards = await metas.allTextContents();
    const name = (await page.locator('#root article.variety-card h3').first().textContent()) ?? '';
    const subtitle = (await openProductDetail(page, name)).locator('.sl-dialog__subtitle');
    await expect(subtitle).toContainText('·');
    // They were joined with plain spaces ('Roses · Red · 40 cm'), which may wrap after a '·':
    // dotSeparated follows each with a no-break space.
    const texts = [...cards, ...(await subtitle.allTextContents())];
    expect(texts.filter((text) => /·(?!\u00a0)/.test(text))).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a card's stem length is never cut off: a long group or colour gives way first", async ({
  page,
}) => {
  await skipWelcome(page);
  // Two columns of cards at 544 px, where 'Spray Roses · Hot Pink · 50 cm' is wider than its card.
  await page.setViewportSize({ width: 544, height: 900 });
  await page.goto('/shopping/home');
  await page.getByRole('searchbox').first().fill('spray roses');
  const metas = page.locator('#root .variety-card__meta');
  await expect(metas.first()).toContainText('Spray Roses');
  // Where each card's "NN cm" ends on screen, against the right edge of its line.
  const lengths = await metas.evaluateAll((elements) =>
    elements.map((meta) => {
      const walker = document.createTreeWalker(meta, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const found = /\d+\s+cm/.exec(text);
        if (!found) continue;
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + found[0].length);
        const shown =
          range.getBoundingClientRect().right <= meta.getBoundingClientRect().right + 0.5;
        return { text: meta.textContent, shown };
      }
      return { text: meta.textContent, shown: null };
    }),
  );
  expect(lengths.length).toBeGreaterThan(1);
  expect(lengths.filter((length) => length.shown === false)).toEqual([]);
});
