/**
 * Main-thread long tasks of the catalogue's open (issue 28): `npx tsx
 * scripts/bench/main-thread-tasks.ts`. Starts the real server with the FULL seed on a given build
 * (PWA_DIST), opens `/shopping/home?date=<a delivery date>` in headless Chromium as a first-time
 * visitor on a phone-sized window with the CPU slowed down (CPU_SLOWDOWN, 4× by default, as
 * Lighthouse's mobile preset), then once more with the storage that visit left (warm), and lists
 * each task of the page's main thread longer than 50 ms with the functions that took its time,
 * from a Chromium performance trace with its CPU samples. A build made with `--minify false`
 * names the app's functions; a minified one names few. Also the sum of each task's time beyond
 * 50 ms over the whole open (as Total Blocking Time counts it, over a longer window), the worker
 * threads' busy time, and the page's own User Timing marks.
 *
 * With LIGHTHOUSE=1, then one Lighthouse mobile pass on the cold page (default config), printing
 * its score, LCP, TBT and its own long-task list (with TRACE_OUT, its trace is kept as
 * lighthouse.json). Figures depend on the machine's load.
 *
 * LONG_TASK_MS (50 by default) sets what counts as long: with CPU_SLOWDOWN=1 LONG_TASK_MS=12.5
 * it lists the tasks Lighthouse's simulation counts (it runs the page unthrottled and multiplies
 * each task by four, so every task over 12.5 ms adds to its Total Blocking Time).
 *
 * Environment: PWA_DIST (required), BENCH_PORT, CPU_SLOWDOWN, LONG_TASK_MS, TOP_FUNCTIONS (how many
 * functions a task lists, 14), LIGHTHOUSE, TRACE_OUT
 * (a folder to keep the traces in), QUIET_MS (how long after the copy is stored the trace goes on);
 * TRACE_IN (kept traces, comma-separated) reads those again instead of opening the page;
 * TRACES=0 skips the traces (with LIGHTHOUSE=1: the Lighthouse pass alone).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config';
import { startFullCatalogServer } from './full-catalog-server';

const SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const QUIET_MS = Number(process.env.QUIET_MS ?? 6000);
const LONG_TASK_US = Number(process.env.LONG_TASK_MS ?? 50) * 1000;
const TOP_FUNCTIONS = Number(process.env.TOP_FUNCTIONS ?? 14);
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
];
/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

/** CPU samples of one thread: their times (µs, trace clock) and leaf nodes. */
interface Samples {
  pid: number;
  tid: number;
  nodes: Map<number, ProfileNode>;
  times: number[];
  leaves: number[];
}

function frameLabel(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url.replace(/^.*\//, '').replace(/\?.*$/, '');
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

/** The CPU profiles in a trace (Profile and ProfileChunk events), one per profiled thread. */
function samplesOf(events: readonly TraceEvent[]): Samples[] {
  const byId = new Map<string, Samples & { last: number }>();
  for (const event of events) {
    if (event.name === 'Profile' && event.id) {
      const data = event.args?.data as { startTime: number } | undefined;
      byId.set(`${event.pid}:${event.id}`, {
        pid: event.pid,
        tid: event.tid,
        nodes: new Map(),
        times: [],
        leaves: [],
        last: data?.startTime ?? event.ts,
      });
    }
  }
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || !event.id) continue;
    const profile = byId.get(`${event.pid}:${event.id}`);
    if (!profile) continue;
    const data = event.args?.data as
      | {
          cpuProfile?: {
            nodes?: { id: number; callFrame: CallFrame; parent?: number }[];
            samples?: number[];
          };
          timeDeltas?: number[];
        }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((leaf, i) => {
      profile.last += deltas[i] ?? 0;
      profile.times.push(profile.last);
      profile.leaves.push(leaf);
    });
  }
  return [...byId.values()];
}

/** One thread's profiles (a page may start more than one) as one, samples in time order. */
function mergeSamples(profiles: readonly Samples[]): Samples | undefined {
  const first = profiles[0];
  if (!first || profiles.length === 1) return first;
  const nodes = new Map<number, ProfileNode>();
  const samples: { time: number; leaf: number }[] = [];
  profiles.forEach((profile, n) => {
    // Node ids restart in each profile: offset them apart.
    const offset = n * 1_000_000;
    for (const node of profile.nodes.values()) {
      nodes.set(node.id + offset, {
        ...node,
        id: node.id + offset,
        ...(node.parent === undefined ? {} : { parent: node.parent + offset }),
      });
    }
    profile.times.forEach((time, i) =>
      samples.push({ time, leaf: (profile.leaves[i] ?? 0) + offset }),
    );
  });
  samples.sort((a, b) => a.time - b.time);
  return {
    pid: first.pid,
    tid: first.tid,
    nodes,
    times: samples.map((sample) => sample.time),
    leaves: samples.map((sample) => sample.leaf),
  };
}

/** Inclusive and self time (ms) per function over the samples within [start, end). */
function functionsIn(samples: Samples, start: number, end: number) {
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  for (let i = 0; i < samples.times.length; i++) {
    const time = samples.times[i] ?? 0;
    if (time < start || time >= end) continue;
    const next = samples.times[i + 1] ?? time;
    const weight = Math.min(next - time, 5_000) / 1000;
    const seen = new Set<string>();
    let node = samples.nodes.get(samples.leaves[i] ?? -1);
    const leaf = node ? frameLabel(node.callFrame) : '?';
    self.set(leaf, (self.get(leaf) ?? 0) + weight);
    while (node) {
      const label = frameLabel(node.callFrame);
      if (!seen.has(label)) {
        seen.add(label);
        inclusive.set(label, (inclusive.get(label) ?? 0) + weight);
      }
      node = node.parent === undefined ? undefined : samples.nodes.get(node.parent);
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .filter(([label]) => !/^\((root|program|idle)\)/.test(label))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([label, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${label}`);
  return { inclusive: top(inclusive, TOP_FUNCTIONS), self: top(self, 6) };
}

/** The kinds of trace event that took a task's time (its longest, by total), e.g. Layout. */
function eventsIn(events: readonly TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  const totals = new Map<string, number>();
  for (const event of events) {
    if (event.ts < task.ts || event.ts >= end || !event.dur) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`);
}

function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name') {
      names.set(
        `${event.pid}:${event.tid}`,
        typeof event.args?.name === 'string' ? event.args.name : '',
      );
    }
  }
  return names;
}

/** Prints the long tasks of the busiest renderer main thread, with their functions. */
function report(label: string, trace: Buffer): void {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const names = threadNames(events);
  const taskName = events.some((e) => e.name === 'RunTask')
    ? 'RunTask'
    : 'ThreadControllerImpl::RunTask';
  const tasks = events.filter((e) => e.ph === 'X' && e.name === taskName && e.dur);
  const busy = new Map<string, number>();
  for (const task of tasks) {
    const key = `${task.pid}:${task.tid}`;
    busy.set(key, (busy.get(key) ?? 0) + (task.dur ?? 0));
  }
  const mainKey = [...busy.entries()]
    .filter(([key]) => names.get(key) === 'CrRendererMain')
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!mainKey) throw new Error('No renderer main thread in the trace');
  const [pid, tid] = mainKey.split(':').map(Number);
  const navigation = events.find(
    (e) => e.pid === pid && (e.name === 'navigationStart' || e.name === 'NavigationStart'),
  );
  const origin = navigation?.ts ?? Math.min(...tasks.map((t) => t.ts));
  const profiles = samplesOf(events);
  const mainSamples = mergeSamples(profiles.filter((p) => p.pid === pid && p.tid === tid));
  const long = tasks
    .filter((t) => t.pid === pid && t.tid === tid && (t.dur ?? 0) > LONG_TASK_US)
    .sort((a, b) => a.ts - b.ts);
  const threadEvents = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name !== taskName,
  );
  const blocking = long.reduce((sum, t) => sum + (t.dur ?? 0) - LONG_TASK_US, 0) / 1000;
  // Lighthouse's simulation counts each task four times as long as it ran unthrottled.
  const simulated =
    long.reduce((sum, t) => sum + Math.max(0, ((t.dur ?? 0) * 4) / SLOWDOWN - 50_000), 0) / 1000;
  console.log(
    `\n=== ${label}: ${long.length} tasks > ${LONG_TASK_US / 1000} ms, ` +
      `blocking ${blocking.toFixed(0)} ms` +
      (SLOWDOWN < 4 ? `, counted at 4× as Lighthouse simulates: ${simulated.toFixed(0)} ms` : ''),
  );
  console.log(`(CPU ${SLOWDOWN}× slower; times from navigation start)`);
  for (const task of long) {
    const at = (task.ts - origin) / 1000;
    const dur = (task.dur ?? 0) / 1000;
    console.log(`\n--- task at ${at.toFixed(0)} ms, ${dur.toFixed(0)} ms`);
    console.log(`  events: ${eventsIn(threadEvents, task).join(', ')}`);
    if (!mainSamples) continue;
    const { inclusive, self } = functionsIn(mainSamples, task.ts, task.ts + (task.dur ?? 0));
    console.log('  inclusive:');
    for (const line of inclusive) console.log(`    ${line}`);
    console.log('  self:');
    for (const line of self) console.log(`    ${line}`);
  }
  const workers = [...busy.entries()].filter(([key]) => /Worker/i.test(names.get(key) ?? ''));
  for (const [key, us] of workers) {
    console.log(`worker thread ${names.get(key)} (${key}): busy ${(us / 1000).toFixed(0)} ms`);
  }
  const marks = events
    .filter((e) => e.pid === pid && e.cat.includes('user_timing') && e.name.startsWith('stemline'))
    .map((e) => `${e.name} ${((e.ts - origin) / 1000).toFixed(0)} ms`);
  if (marks.length > 0) console.log(`marks: ${[...new Set(marks)].join(', ')}`);
}

async function tracedOpen(
  browser: Browser,
  context: BrowserContext,
  url: string,
  label: string,
): Promise<Buffer> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url);
  await page.waitForFunction(
    () =>
      performance.getEntriesByName('stemline:catalog-stored').length > 0 ||
      performance.getEntriesByName('stemline:catalog-cache-read').length > 0,
    undefined,
    { timeout: 180_000 },
  );
  await page.waitForLoadState('networkidle', { timeout: 180_000 });
  await page.waitForTimeout(QUIET_MS);
  const trace = await browser.stopTracing();
  await page.close();
  if (process.env.TRACE_OUT) {
    mkdirSync(process.env.TRACE_OUT, { recursive: true });
    writeFileSync(path.join(process.env.TRACE_OUT, `${label}.json`), trace);
  }
  return trace;
}

async function lighthouseMobile(url: string): Promise<void> {
  const chrome = await chromeLauncher.launch({
    ...(chromiumLaunchOptions.executablePath
      ? { chromePath: chromiumLaunchOptions.executablePath }
      : {}),
    chromeFlags: ['--headless', ...chromiumLaunchOptions.args],
  });
  try {
    // A trace Lighthouse could not record (NO_FCP on a busy machine) is tried again, up to 3 times.
    let lhr: Result | undefined;
    for (let attempt = 1; attempt <= 3 && !lhr; attempt += 1) {
      const answer = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!answer) throw new Error('Lighthouse gave no result');
      if (answer.lhr.runtimeError) {
        console.log(`Lighthouse could not measure: ${answer.lhr.runtimeError.code}`);
        continue;
      }
      lhr = answer.lhr;
      if (process.env.TRACE_OUT) {
        // Lighthouse's own trace, to read again with TRACE_IN (its tasks, unthrottled).
        mkdirSync(process.env.TRACE_OUT, { recursive: true });
        const trace = (answer.artifacts as { Trace?: unknown }).Trace;
        writeFileSync(path.join(process.env.TRACE_OUT, 'lighthouse.json'), JSON.stringify(trace));
      }
    }
    if (!lhr) return;
    const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    console.log(
      `\n=== Lighthouse mobile, cold: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, ` +
        `LCP ${value('largest-contentful-paint')} ms, TBT ${value('total-blocking-time')} ms, ` +
        `benchmarkIndex ${lhr.environment.benchmarkIndex}`,
    );
    const details = lhr.audits['long-tasks']?.details;
    if (details?.type === 'table') {
      for (const item of details.items) {
        console.log(
          `  ${String(Math.round(Number(item.startTime))).padStart(6)} ms  ` +
            `${String(Math.round(Number(item.duration))).padStart(5)} ms  ${typeof item.url === 'string' ? item.url : ''}`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  if (process.env.TRACE_IN) {
    for (const file of process.env.TRACE_IN.split(',')) report(file, readFileSync(file));
    return;
  }
  const dist = process.env.PWA_DIST;
  if (!dist) throw new Error('PWA_DIST: the build to measure');
  const { baseURL, date, stop } = await startFullCatalogServer(dist, 'main-thread');
  const url = `${baseURL}/shopping/home?date=${date}`;
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    if (process.env.TRACES !== '0') {
      const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
      report('cold', await tracedOpen(browser, context, url, 'cold'));
      report('warm', await tracedOpen(browser, context, url, 'warm'));
      await context.close();
    }
    if (process.env.LIGHTHOUSE === '1') await lighthouseMobile(url);
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
