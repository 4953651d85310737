import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a dialog whose code loads on demand, `React.lazy`) from the first time
 * `open` is true and keeps it mounted afterwards, so the dialog's code stays out of the first
 * screen (issue 28) yet it still closes with its exit animation. While the code loads nothing
 * shows: the chunk is precached, so that is a moment, offline too.
 */
export function MountOnceOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
