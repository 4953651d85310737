/**
 * Load generator of the sync benchmark, run as its own process (`fork` with `--import tsx`) so
 * the server keeps its core to itself, as it would with buyers on their own devices. It receives
 * prepared push bodies over IPC (`load`, answered `loaded`), and on `go` keeps one keep-alive
 * connection per simulated client, sends each client's batches one after another (clients run
 * concurrently) and reports when it started, when the last answer arrived and what the answers
 * said. Loading apart from going keeps the bodies' serialization and their IPC transfer out of
 * the server's measured CPU time.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadJob {
  baseUrl: string;
  /** `baseUrl` on a client sends its batches to that server instead (several nodes). */
  clients: { token: string; bodies: string[]; baseUrl?: string }[];
}

export interface LoadReport {
  startedAt: number;
  finishedAt: number;
  answered: number;
  applied: number;
  rejected: number;
  failures: number;
  /** Each answered request's time from send to last byte, in milliseconds. */
  latenciesMs: number[];
}

type Message = { type: 'load'; job: LoadJob } | { type: 'go' } | { type: 'exit' };

/** Epoch milliseconds with sub-millisecond precision, comparable across processes. */
const wallClock = (): number => performance.timeOrigin + performance.now();

function post(
  agent: Agent,
  url: URL,
  token: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(job: LoadJob): Promise<LoadReport> {
  const url = new URL('/api/sync/push', job.baseUrl);
  const urlOf = (baseUrl?: string) => (baseUrl ? new URL('/api/sync/push', baseUrl) : url);
  const agent = new Agent({ keepAlive: true, maxSockets: job.clients.length });
  const report: LoadReport = {
    startedAt: wallClock(),
    finishedAt: 0,
    answered: 0,
    applied: 0,
    rejected: 0,
    failures: 0,
    latenciesMs: [],
  };
  await Promise.all(
    job.clients.map(async ({ token, bodies, baseUrl }) => {
      const target = urlOf(baseUrl);
      for (const body of bodies) {
        const sentAt = performance.now();
        const answer = await post(agent, target, token, body);
        report.latenciesMs.push(performance.now() - sentAt);
        if (answer.status !== 200) {
          report.failures += 1;
          continue;
        }
        const { results } = JSON.parse(answer.text) as { results: { status: string }[] };
        report.answered += results.length;
        for (const result of results) {
          if (result.status === 'applied') report.applied += 1;
          else report.rejected += 1;
        }
      }
    }),
  );
  report.finishedAt = wallClock();
  agent.destroy();
  return report;
}

let loaded: LoadJob | undefined;

process.on('message', (message: Message) => {
  if (message.type === 'exit') process.exit(0);
  if (message.type === 'load') {
    loaded = message.job;
    process.send?.({ type: 'loaded' });
    return;
  }
  const job = loaded;
  loaded = undefined;
  if (!job) {
    process.send?.({ type: 'error', error: 'go before load' });
    return;
  }
  run(job).then(
    (report) => process.send?.({ type: 'report', report }),
    (error: unknown) => process.send?.({ type: 'error', error: String(error) }),
  );
});
process.send?.({ type: 'ready' });
