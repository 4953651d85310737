/**
 * Renders the PWA's PNG icons from `pwa/public/icons/icon.svg` with headless Chromium, offline.
 * Run `npx tsx scripts/make-icons.ts` after changing the SVG. Uses CHROMIUM_PATH if set, else
 * /usr/bin/chromium.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const iconsDir = fileURLToPath(new URL('../pwa/public/icons/', import.meta.url));

interface IconTarget {
  file: string;
  size: number;
  /** Share of the canvas the SVG artwork covers, centred. */
  scale: number;
  /** Paint the brand colour edge to edge instead of leaving the corners transparent. */
  fullBleed: boolean;
}

const targets: readonly IconTarget[] = [
  { file: 'icon-192.png', size: 192, scale: 1, fullBleed: false },
  { file: 'icon-512.png', size: 512, scale: 1, fullBleed: false },
  // Launchers may crop a maskable icon to any shape that contains the central circle of 80%
  // diameter; at 0.8 the flower stays well inside it.
  { file: 'maskable-512.png', size: 512, scale: 0.8, fullBleed: true },
  // iOS paints transparency black and rounds the corners itself, so this one is opaque.
  { file: 'apple-touch-icon-180.png', size: 180, scale: 0.9, fullBleed: true },
];

/** The fill of the SVG's `#background` rect; the full-bleed icons extend it to the edges. */
function backgroundColour(svg: string): string {
  const fill = /<rect[^>]*id="background"[^>]*fill="(#[0-9a-fA-F]{3,8})"/.exec(svg)?.[1];
  if (!fill) throw new Error('icon.svg needs a <rect id="background" fill="#…"> to extend.');
  return fill;
}

function pageFor(svg: string, { scale, fullBleed }: IconTarget, background: string): string {
  return `<!doctype html>
<style>
  html, body { margin: 0; width: 100%; height: 100%; background: ${fullBleed ? background : 'transparent'}; }
  body { display: grid; place-items: center; }
  svg { display: block; width: ${scale * 100}%; height: ${scale * 100}%; }
</style>
${svg}`;
}

async function render(browser: Browser, svg: string, target: IconTarget, background: string) {
  const page = await browser.newPage({
    viewport: { width: target.size, height: target.size },
    deviceScaleFactor: 1,
  });
  try {
    await page.setContent(pageFor(svg, target, background));
    const png = await page.screenshot({ type: 'png', omitBackground: !target.fullBleed });
    await writeFile(`${iconsDir}${target.file}`, png);
  } finally {
    await page.close();
  }
}

const svg = await readFile(`${iconsDir}icon.svg`, 'utf8');
const background = backgroundColour(svg);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const target of targets) {
    await render(browser, svg, target, background);
    console.log(`wrote pwa/public/icons/${target.file} (${target.size}×${target.size})`);
  }
} finally {
  await browser.close();
}
