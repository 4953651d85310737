import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe-core's browser build, evaluated in the page through the debugger, so the app's CSP holds. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1 at levels A and AA, and axe's best practices (heading order, landmarks). */
const WCAG21_AA_AND_BEST_PRACTICES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Waits for every finite animation and transition on the page to end. A dialog or listbox that is
 * still fading in has part-transparent text, and axe would measure the contrast of a frame no one
 * reads (a loaded machine stretches the fade).
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () =>
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
        );
    for (let round = 0; round < 5 && finite().length > 0; round += 1) {
      await Promise.allSettled(finite().map((a) => a.finished));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    }
  });
}

/** axe-core's violations on what the page shows now, with the rules of `tags`. */
async function axeViolations(page: Page, tags: string[]): Promise<AxeViolation[]> {
  await settleAnimations(page);
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: tags },
    });
    return result.violations;
  }, tags);
}

/** One line per violation: rule, impact, help and the first elements, for a failure message. */
function describe(violations: AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules and best practices on what the page shows now and fails on
 * any violation at all, of any impact (heading order and landmarks are 'moderate').
 */
export async function expectNoA11yViolations(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page, WCAG21_AA_AND_BEST_PRACTICES);
  expect(describe(violations), `axe on ${screen}`).toEqual([]);
}
