import { describe, expect, it } from 'vitest';
import {
  decodeCatalogSnapshot,
  decodeCatalogSnapshotInSteps,
  encodeCatalogSnapshot,
} from '@stemline/shared';
import { snapshot } from './catalog-fixture';
import { buildCatalogModel, catalogModelSteps } from './catalog-model';
import { runInSlices, runSteps, type Steps } from './run-in-slices';

function* counted(log: string[]): Steps<string> {
  log.push('start');
  yield;
  log.push('middle');
  yield;
  log.push('end');
  return 'done';
}

describe('runInSlices', () => {
  it('gives the thread back once its slice is spent, and resolves with the result', async () => {
    const log: string[] = [];
    const running = runInSlices(counted(log), undefined, 0);
    // Nothing runs in the caller's task; each slice waits for a task of its own.
    expect(log).toEqual([]);
    await expect(running).resolves.toBe('done');
    expect(log).toEqual(['start', 'middle', 'end']);
  });

  it('stops at the next slice once aborted', async () => {
    const log: string[] = [];
    const controller = new AbortController();
    function* abortedMidway(): Steps<string> {
      log.push('start');
      controller.abort();
      yield;
      log.push('end');
      return 'done';
    }
    await expect(runInSlices(abortedMidway(), controller.signal, 0)).rejects.toThrow();
    expect(log).toEqual(['start']);
  });

  it('runSteps runs the same steps to the end at once', () => {
    const log: string[] = [];
    expect(runSteps(counted(log))).toBe('done');
    expect(log).toEqual(['start', 'middle', 'end']);
  });
});

describe('the catalogue built in slices', () => {
  it('decodes and joins to the same snapshot and model as at once', async () => {
    // The fixture's row of an unknown grower cannot be encoded (the server sends none).
    const growers = new Set(snapshot.growers.map((grower) => grower.key));
    const offers = snapshot.offers.filter((offer) => growers.has(offer.grower_key));
    const data = encodeCatalogSnapshot({ ...snapshot, offers }).buffer;
    const decoded = await runInSlices(decodeCatalogSnapshotInSteps(data), undefined, 0);
    expect(decoded).toEqual(decodeCatalogSnapshot(data));
    const model = await runInSlices(catalogModelSteps(decoded), undefined, 0);
    const reference = buildCatalogModel(decodeCatalogSnapshot(data));
    expect(model.products).toEqual(reference.products);
    expect(model.facets).toEqual(reference.facets);
    expect(model.blockedOffers).toBe(reference.blockedOffers);
  });
});
