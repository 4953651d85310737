import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../playwright.config';
import { catalogDate, logInThroughModal, openCart } from './support/app';
import { watchCspViolations } from './support/csp';

const FLORIST = 'florist@stemline.test';
const CARD = '#root article.variety-card';
const distDir = path.resolve(process.env.PWA_DIST ?? path.join(import.meta.dirname, '../pwa/dist'));

/** Every file of the served build, relative to it. */
function builtFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? builtFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

test.describe('security headers (issue 21 §5, §6)', () => {
  test('the build publishes no source map, and the server refuses one', async ({ request }) => {
    const files = builtFiles(distDir);
    expect(files).toContain('index.html');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const answer = await request.get(`/${script}.map`);
      expect(answer.status(), `/${script}.map`).toBe(404);
    }
    // The build's scripts name no map either (a browser would ask for it).
    const app = readFileSync(path.join(distDir, scripts[0] ?? ''), 'utf8');
    expect(app).not.toContain('sourceMappingURL');
  });

  test.describe('the app under its Content-Security-Policy', () => {
    let context: BrowserContext;
    let profile: string;
    let page: Page;

    test.beforeEach(async ({ baseURL }) => {
      // A persistent profile: a real service worker, for the offline reload.
      profile = mkdtempSync(path.join(os.tmpdir(), 'stemline-csp-'));
      context = await chromium.launchPersistentContext(profile, {
        ...chromiumLaunchOptions,
        baseURL: baseURL ?? '',
      });
      page = context.pages()[0] ?? (await context.newPage());
    });

    test.afterEach(async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    });

    test('catalogue, captcha log-in, checkout and an offline reload run with no violation', async () => {
      const csp = await watchCspViolations(page);
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));

      const answer = await page.goto('/shopping/home');
      const policy = answer?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-inline');

      // The log-in's captcha is solved by a proof-of-work worker, which the policy must allow.
      await logInThroughModal(page, FLORIST);
      expect(workers.some((url) => url.includes('captcha-worker'))).toBe(true);
      const date = await catalogDate(page);

      // The catalogue with its server-drawn pictures.
      const card = page.locator(CARD).first();
      await expect(card).toBeVisible();
      const picture = card.locator('img').first();
      await expect(picture).toBeVisible();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      // Add to cart and check out with a new card.
      await card
        .getByRole('button', { name: /^Add .* to cart$/ })
        .first()
        .click();
      await expect(
        page.getByText('Product successfully added to your shopping cart.'),
      ).toBeVisible();
      const cart = await openCart(page);
      await expect(cart.getByText('Pending sync')).toBeHidden({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Go to checkout' }).click();
      await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
      await expect(page.getByText('Checking prices and stock…')).toBeHidden();
      await page.getByRole('button', { name: 'Add a card' }).click();
      const form = page.getByRole('dialog', { name: 'Add a card' });
      await form.getByLabel('Name on card').fill('Flora Bennett');
      await form.getByLabel('Card number').fill('4242 4242 4242 4242');
      await form.getByLabel('Expiry month').fill('11');
      await form.getByLabel('Expiry year').fill('31');
      await form.getByLabel('Security code').fill('321');
      await form.getByRole('button', { name: 'Save card' }).click();
      await expect(form).toBeHidden();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(
        page.getByRole('heading', { name: /^Order PO-\d{8}-\d+ is placed\.$/ }),
      ).toBeVisible({ timeout: 20_000 });

      // Offline, the service worker serves the app (and its headers) from its cache.
      await page.goto(`/shopping/home?date=${date}`);
      await expect(page.locator(CARD).first()).toBeVisible();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      await page.reload();
      await expect(page.locator(CARD).first()).toBeVisible();
      await context.setOffline(false);

      csp.expectNone();
    });
  });

  test('a saved first view paints under the policy, its inline styles applied', async ({
    page,
  }) => {
    const csp = await watchCspViolations(page);
    await page.addInitScript(() => {
      localStorage.setItem('stemline.welcomed', '1');
      localStorage.setItem(
        'stemline.firstView:|/shopping/home?date=20261127',
        '<div class="saved-swatch" style="background-color: rgb(1, 2, 3); width: 40px;"' +
          ' title="a style=&quot;x&quot;">Red Piano</div>',
      );
    });
    // Without the app's code the first view stays up (the app would replace it at once).
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/shopping/home?date=20261127');
    const swatch = page.locator('#first-view .saved-swatch');
    await expect(swatch).toHaveText('Red Piano');
    await expect(swatch).toHaveCSS('background-color', 'rgb(1, 2, 3)');
    await expect(swatch).toHaveCSS('width', '40px');
    await expect(swatch).toHaveAttribute('title', 'a style="x"');
    await expect(page.locator('#first-view [data-first-view-style]')).toHaveCount(0);
    csp.expectNone();
  });
});
