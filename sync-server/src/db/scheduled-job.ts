import type { SqlEngine, SqlExecutor } from './sql-engine';

/**
 * One scheduled job (a sweeper, a mail run), run once per tick across the nodes sharing the
 * database. On this node, a run asked for while another is under way (a timer tick, a test
 * moving the clock) waits for it and then runs. Across nodes, each run is one
 * `engine.exclusively` transaction: while another node runs the job, this run is skipped
 * (`{ ran: false }`), and a node that dies mid-run leaves nothing half done.
 */
export function scheduledJob(engine: SqlEngine, job: string) {
  let previous: Promise<unknown> = Promise.resolve();
  return <T>(
    work: (tx: SqlExecutor) => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> => {
    const run = previous.then(() => engine.exclusively(job, work));
    previous = run.catch(() => undefined);
    return run;
  };
}
