import type { Db } from './database';

type Wrap = <A extends unknown[], R>(work: (...args: A) => R) => (...args: A) => R;

/**
 * Wraps a unit of work so that each call runs in one database transaction: all its writes
 * commit together or none do (an exception rolls back). Called inside another transaction, it
 * runs as a savepoint of it. Features get it as `app.transactional` and never see the handle.
 * `.immediate` takes the write lock at the start (BEGIN IMMEDIATE): for work that reads and then
 * writes while another connection may do the same (a scheduler run on a second process).
 */
export type Transactional = Wrap & { immediate: Wrap };

export function createTransactional(db: Db): Transactional {
  const wrap: Wrap = (work) => db.transaction(work);
  const immediate: Wrap = (work) => {
    const transaction = db.transaction(work);
    return (...args) => transaction.immediate(...args);
  };
  return Object.assign(wrap, { immediate });
}
