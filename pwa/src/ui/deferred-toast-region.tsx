import { lazy, Suspense } from 'react';

const LoadedToastRegion = lazy(() =>
  import('./toast-region').then(({ ToastRegion }) => ({ default: ToastRegion })),
);

/**
 * The app's `ToastRegion`, its code (react-aria's toast region, landmark and toasts) fetched as
 * the page first renders rather than with it (issue 28). Until it has arrived the queue keeps what
 * `showToast` added, and the region shows it then; react-aria's region draws nothing while the
 * queue is empty, so a first screen looks the same.
 */
export function DeferredToastRegion() {
  return (
    <Suspense fallback={null}>
      <LoadedToastRegion />
    </Suspense>
  );
}
