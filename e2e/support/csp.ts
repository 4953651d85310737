import { expect, type ConsoleMessage, type Page, type Worker } from '@playwright/test';

/** What the browser reports when the server's headers refuse something, in any of its words. */
const POLICY_REPORT = /Content Security Policy|Permissions-Policy|Permissions policy/i;

export interface CspWatch {
  /** Every violation so far: the page's `securitypolicyviolation` events and console reports. */
  readonly violations: readonly string[];
  /** Fails the test, naming each violation, if the policy refused anything. */
  expectNone(): void;
}

/**
 * Starts collecting Content-Security-Policy (and Permissions-Policy) violations of `page`, its
 * later navigations and its workers (the captcha's proof-of-work worker among them). Call it
 * before the first `goto`. Any spec can use it to fail on a policy violation:
 * `const csp = await watchCspViolations(page); …; csp.expectNone();`.
 */
export async function watchCspViolations(page: Page): Promise<CspWatch> {
  const violations: string[] = [];
  const onConsole = (where: string) => (message: ConsoleMessage) => {
    if (POLICY_REPORT.test(message.text())) violations.push(`${where} console: ${message.text()}`);
  };
  page.on('console', onConsole('page'));
  page.on('worker', (worker: Worker) => worker.on('console', onConsole(`worker ${worker.url()}`)));
  await page.exposeFunction('stemlineReportCspViolation', (report: string) => {
    violations.push(`page event: ${report}`);
  });
  page.context().on('serviceworker', (worker: Worker) => {
    worker.on('console', onConsole(`service worker ${worker.url()}`));
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const page = window as unknown as { stemlineReportCspViolation(text: string): void };
      page.stemlineReportCspViolation(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ` +
          `at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  return {
    violations,
    expectNone() {
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
  };
}
