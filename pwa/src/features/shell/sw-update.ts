import { useSyncExternalStore } from 'react';
import type { registerSW } from 'virtual:pwa-register';

type ApplyUpdate = () => Promise<void>;

let applyUpdate: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/**
 * Registers the service worker once per page; a waiting new version is offered, never forced. The
 * registration's code loads beside the first screen rather than in it (issue 28).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(register, (error: unknown) =>
    console.error('[pwa] service worker registration failed', error),
  );
}

function register(pwa: { registerSW: typeof registerSW }): void {
  const updateSW = pwa.registerSW({
    onNeedRefresh: () => {
      applyUpdate = () => updateSW(true);
      listeners.forEach((listener) => listener());
    },
    onRegisterError: (error: unknown) =>
      console.error('[pwa] service worker registration failed', error),
  });
}

/** The function that activates a waiting version and reloads, or null when none waits. */
export function useWaitingUpdate(): ApplyUpdate | null {
  const read = (): ApplyUpdate | null => applyUpdate;
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    read,
  );
}
