import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastVariant = 'success' | 'error' | 'info';

/** What a queued toast displays. */
export interface ToastContent {
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
}

export interface ShowToastOptions {
  title: string;
  description?: string | undefined;
  /** Default `info`. */
  variant?: ToastVariant | undefined;
  /** Milliseconds before it closes by itself; `0` keeps it until dismissed. Defaults by variant. */
  timeout?: number | undefined;
  onClose?: (() => void) | undefined;
}

/**
 * The app's one toast queue. Anything may add to it, React or not; the mounted `ToastRegion`
 * shows the three newest at a time, and older ones once those close.
 */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 3 });

const defaultTimeoutMs: Record<ToastVariant, number> = { success: 5000, info: 6000, error: 8000 };

/**
 * Queues a toast and returns its key. A toast with the same variant, title and description that
 * is already on screen is not repeated; its key is returned instead.
 */
export function showToast({
  title,
  description,
  variant = 'info',
  timeout = defaultTimeoutMs[variant],
  onClose,
}: ShowToastOptions): string {
  const shown = toastQueue.visibleToasts.find(
    ({ content }) =>
      content.variant === variant && content.title === title && content.description === description,
  );
  if (shown) return shown.key;
  return toastQueue.add(
    { title, description, variant },
    { ...(timeout > 0 && { timeout }), ...(onClose && { onClose }) },
  );
}

/** Closes a toast by the key `showToast` returned; unknown keys are ignored. */
export function closeToast(key: string): void {
  toastQueue.close(key);
}
