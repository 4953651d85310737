import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  boxesOffered,
  farmMessages,
  validateAnswerSchema,
  type CatalogSnapshot,
  type GrowerRelation,
  type Offer,
} from '@stemline/shared';
import { apiRun, apiSignUp, uniqueEmail } from './support/accounts';
import { apiCatalog, apiLogin } from './support/api';
import { catalogDate } from './support/app';

/**
 * Preferred and blocked farms (issue 26): staff set them per customer (run
 * `sales_change_customer_grower`); the customer's catalogue lists preferred farms' offers first
 * and never shows blocked farms' offers, online and offline. Each test signs up a customer of its
 * own, so no other spec's catalogue changes.
 */

const CARD = '#root article.variety-card';

interface Buyer {
  token: string;
  customer: string;
}

async function newBuyer(request: APIRequestContext): Promise<Buyer> {
  const token = await apiSignUp(request, uniqueEmail('farms'));
  const validated = await request.get('/api/security/validate', { params: { token } });
  const customer = validateAnswerSchema.parse(await validated.json()).user?.metadata.customer;
  if (!customer) throw new Error('the new account has no customer');
  return { token, customer };
}

/** Opens the catalogue signed in as `buyer`, as a device that logged in earlier would be. */
async function openCatalog(page: Page, request: APIRequestContext, buyer: Buyer): Promise<number> {
  const validated = await request.get('/api/security/validate', {
    params: { token: buyer.token },
  });
  const user = validateAnswerSchema.parse(await validated.json()).user;
  await page.goto('/shopping/home/account');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('stemline.welcomed', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('user_key', user?.key ?? '');
      localStorage.setItem('stemline.user', JSON.stringify(user));
    },
    { token: buyer.token, user },
  );
  await page.goto('/shopping/home');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const date = await catalogDate(page);
  await expect(page.locator(CARD).first()).toBeVisible();
  return date;
}

async function setFarm(
  request: APIRequestContext,
  buyer: Buyer,
  grower: string,
  relation: GrowerRelation,
): Promise<void> {
  const staff = await apiLogin(request, 'manager@stemline.test');
  const answer = await apiRun(request, staff, 'sales_change_customer_grower', {
    customer: buyer.customer,
    grower,
    relation,
  });
  expect(answer.ok()).toBe(true);
}

/** The catalogue's offers that sell a box, by variety. */
function sellingByVariety(catalog: CatalogSnapshot): Map<string, Offer[]> {
  const byVariety = new Map<string, Offer[]>();
  for (const offer of catalog.offers) {
    if (boxesOffered(offer) === 0) continue;
    byVariety.set(offer.variety_key, [...(byVariety.get(offer.variety_key) ?? []), offer]);
  }
  return byVariety;
}

function growerName(catalog: CatalogSnapshot, key: string): string {
  const grower = catalog.growers.find((candidate) => candidate.key === key);
  if (!grower) throw new Error(`no grower ${key}`);
  return grower.grower_name;
}

/** Opens a variety's detail by its URL, as a shared link does, and returns the dialog. */
async function openDetail(page: Page, date: number, catalog: CatalogSnapshot, variety: string) {
  const name = catalog.varieties.find((candidate) => candidate.key === variety)?.name ?? '';
  await page.goto(`/shopping/home?date=${date}&variety=${variety}`);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a farm staff block for a customer leaves their catalogue, and stays out offline', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  const date = await openCatalog(page, request, buyer);
  const catalog = await apiCatalog(request, buyer.token, date);

  // The farm the first card leads with, and a variety it sells alongside another farm.
  const first = page.locator(CARD).first();
  const blockedName = (await first.locator('.offer-row__grower-name').textContent()) ?? '';
  const blocked = catalog.growers.find((grower) => grower.grower_name === blockedName)?.key ?? '';
  expect(blocked).not.toBe('');
  const selling = sellingByVariety(catalog);
  const blockedOffers = [...selling.values()].flat().filter((o) => o.grower_key === blocked);
  const shared = [...selling.entries()].find(
    ([, offers]) =>
      offers.some((o) => o.grower_key === blocked) && offers.some((o) => o.grower_key !== blocked),
  )?.[0];
  if (!shared) throw new Error('the blocked farm sells no variety that another farm sells too');
  await expect(page.getByTestId('blocked-farms-note')).toHaveCount(0);

  await setFarm(request, buyer, blocked, 'blocked');
  // The page asks for the customer's farms again when the window regains focus.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const note = page.getByTestId('blocked-farms-note');
  await expect(note).toHaveText(farmMessages.blockedOffersHidden(blockedOffers.length));
  await expect(first.locator('.offer-row__grower-name')).not.toHaveText(blockedName);

  const expectHiddenInDetail = async () => {
    const dialog = await openDetail(page, date, catalog, shared);
    await expect(dialog.getByTestId(`grower-${blocked}`)).toHaveCount(0);
    const here = blockedOffers.filter((offer) => offer.variety_key === shared).length;
    await expect(dialog.getByTestId('blocked-farms-note')).toHaveText(
      farmMessages.blockedOffersHidden(here),
    );
    await expect(dialog.locator('.product-detail__grower').first()).toBeVisible();
  };
  await expectHiddenInDetail();

  // Offline, after a reload: the device's copy of the farms still hides it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('blocked-farms-note').first()).toBeVisible();
  await expectHiddenInDetail();
  await page.goto(`/shopping/home?date=${date}`);
  await expect(note).toHaveText(farmMessages.blockedOffersHidden(blockedOffers.length));
  await expect(page.locator(`${CARD} .offer-row__grower-name`).first()).toBeVisible();
  for (const name of await page.locator(`${CARD} .offer-row__grower-name`).allTextContents()) {
    expect(name).not.toBe(blockedName);
  }
  await page.context().setOffline(false);
});

test("a preferred farm's offer comes first: on its variety's card, in the detail and in the list", async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  const date = await openCatalog(page, request, buyer);
  const catalog = await apiCatalog(request, buyer.token, date);

  // A variety two farms sell, whose dearer farm (which would not lead its card) becomes preferred.
  const [variety, offers] =
    [...sellingByVariety(catalog).entries()].find(
      ([, offers]) =>
        new Set(offers.map((o) => o.grower_key)).size > 1 &&
        new Set(offers.map((o) => o.stem_price_cents)).size > 1,
    ) ?? [];
  if (!variety || !offers) throw new Error('no variety sold by two farms at different prices');
  const dearest = [...offers].sort((a, b) => b.stem_price_cents - a.stem_price_cents)[0];
  const preferred = dearest?.grower_key ?? '';
  const preferredName = growerName(catalog, preferred);
  const before = await openDetail(page, date, catalog, variety);
  await expect(before.locator('.product-detail__grower').first()).not.toHaveAttribute(
    'data-testid',
    `grower-${preferred}`,
  );

  await setFarm(request, buyer, preferred, 'preferred');
  await page.goto(`/shopping/home?date=${date}`);
  // The list opens with the entries the preferred farm leads, each marked as such.
  const firstCard = page.locator(CARD).first();
  await expect(firstCard.locator('.offer-row__grower-name')).toHaveText(preferredName);
  await expect(firstCard.getByText('Preferred', { exact: true })).toBeVisible();

  const detail = await openDetail(page, date, catalog, variety);
  const lead = detail.locator('.product-detail__grower').first();
  await expect(lead).toHaveAttribute('data-testid', `grower-${preferred}`);
  await expect(lead.getByRole('heading')).toContainText(farmMessages.preferredFarm);
});

test('an importer’s open-market offers carry the 30-minute warning in the detail', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  const date = await openCatalog(page, request, buyer);
  const catalog = await apiCatalog(request, buyer.token, date);
  const importers = new Set(catalog.growers.filter((g) => g.importer).map((g) => g.key));
  const offer = catalog.offers.find(
    (o) => o.open_market && importers.has(o.grower_key) && boxesOffered(o) > 0,
  );
  if (!offer) throw new Error('the demo catalogue has no open-market offer of an importer');
  const dialog = await openDetail(page, date, catalog, offer.variety_key);
  const section = dialog.getByTestId(`grower-${offer.grower_key}`);
  await expect(section.getByText('Importer', { exact: true })).toBeVisible();
  await expect(section.getByText(farmMessages.importerOpenMarket)).toBeVisible();
});
