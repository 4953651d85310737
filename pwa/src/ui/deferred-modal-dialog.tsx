import { lazy, Suspense, useEffect, useState } from 'react';
import type { ModalDialogProps } from './modal-dialog';

const loadModalDialog = () => import('./modal-dialog');
const LoadedModalDialog = lazy(() =>
  loadModalDialog().then(({ ModalDialog }) => ({ default: ModalDialog })),
);

/**
 * A controlled `ModalDialog` for a screen that shows it closed at first. react-aria's modal, focus
 * scope and dialog are a large part of a page's code, so they stay out of the first screen (issue
 * 28): the code is fetched once the page has rendered, and the dialog mounts the first time it
 * opens, then stays mounted so that it closes with its exit animation. Opened before its code has
 * arrived, it shows as soon as it has (the chunk is precached, so offline too).
 */
export function DeferredModalDialog(props: ModalDialogProps) {
  const [opened, setOpened] = useState(props.isOpen === true);
  if (props.isOpen === true && !opened) setOpened(true);
  useEffect(() => {
    loadModalDialog().catch(() => undefined);
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModalDialog {...props} />
    </Suspense>
  );
}
