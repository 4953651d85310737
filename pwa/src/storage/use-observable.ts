import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of an observable, re-subscribing when `deps` change. */
export function useObservable<T>(
  factory: () => Observable<T> | undefined,
  initial: T,
  deps: readonly unknown[],
): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = factory()?.subscribe(setValue);
    return () => subscription?.unsubscribe();
    // The caller lists what the factory depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
