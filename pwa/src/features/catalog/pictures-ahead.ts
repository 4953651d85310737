/**
 * A queue of pictures to fetch ahead, one at a time, first asked first. Several cards may ask for
 * the same picture (by farm, one variety can show under each of its farms): it is fetched once,
 * and it stays asked for until every card that asked has taken its request back.
 */
export interface PicturesAhead {
  /** Asks for `url`; returns a function that takes this request back (before its turn). */
  ask(url: string): () => void;
  /** How many pictures are waiting for their turn. */
  readonly waiting: number;
}

export interface PicturesAheadOptions {
  /** Runs `run` when the page can spare the time (the next fetch starts then). */
  schedule: (run: () => void) => void;
  /** Fetches `url`; calls `done` once it has loaded or failed. */
  fetch: (url: string, done: () => void) => void;
}

export function createPicturesAhead({ schedule, fetch }: PicturesAheadOptions): PicturesAhead {
  /** Pictures waiting, in the order first asked, each with the requests that still want it. */
  const queue = new Map<string, Set<symbol>>();
  let fetching = false;

  function next(): void {
    if (fetching || queue.size === 0) return;
    fetching = true;
    schedule(() => {
      const [url] = queue.keys();
      if (url === undefined) {
        fetching = false;
        return;
      }
      queue.delete(url);
      fetch(url, () => {
        fetching = false;
        next();
      });
    });
  }

  return {
    ask(url) {
      const request = Symbol(url);
      const requests = queue.get(url);
      if (requests) requests.add(request);
      else queue.set(url, new Set([request]));
      next();
      return () => {
        // Once fetched, the picture left the queue with all its requests: nothing to take back,
        // and a later request for the same picture is not this one's to take back.
        const current = queue.get(url);
        if (!current?.delete(request) || current.size > 0) return;
        queue.delete(url);
      };
    },
    get waiting() {
      return queue.size;
    },
  };
}
