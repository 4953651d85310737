import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import { cx } from './class-names';
import { AlertIcon, ClockIcon, CloudOffIcon, DotIcon, SyncIcon } from './icons';
import './motion.css';
import './status-pill.css';

export type Status = 'online' | 'offline' | 'syncing' | 'pending' | 'error' | 'neutral';

export interface StatusPillProps extends HTMLAttributes<HTMLSpanElement> {
  status: Status;
  /** The words, always shown: colour and icon only repeat them. */
  children: ReactNode;
}

const statusIcon: Record<Status, ReactElement | null> = {
  online: <DotIcon />,
  offline: <CloudOffIcon />,
  syncing: <SyncIcon />,
  pending: <ClockIcon />,
  error: <AlertIcon />,
  neutral: null,
};

/**
 * A small label for connection and sync state, in the app's one visual language for it: each
 * status has its own colour, icon and border (pending is dashed: "not yet confirmed"), and always
 * its words. It is not a live region; pass `role="status"` where changes should be announced.
 */
export function StatusPill({ status, children, className, ...props }: StatusPillProps) {
  return (
    <span {...props} className={cx('sl-status-pill', className)} data-status={status}>
      {statusIcon[status]}
      <span className="sl-status-pill__label">{children}</span>
    </span>
  );
}
