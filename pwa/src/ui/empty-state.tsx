import type { HTMLAttributes, ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { cx } from './class-names';
import './empty-state.css';

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** A decorative icon from `./icons`, drawn large and muted. */
  icon?: ReactNode | undefined;
  title: ReactNode;
  /** What to do next, in a sentence or two. */
  children?: ReactNode | undefined;
  /** Usually one `Button` or `LinkButton`. */
  action?: ReactNode | undefined;
  /** The heading level that fits the page outline. Default 2. */
  headingLevel?: 2 | 3 | 4 | undefined;
}

/** What a list or page shows when there is nothing in it: icon, title, explanation and an action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  headingLevel = 2,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div {...props} className={cx('sl-empty-state', className)}>
      {icon !== undefined && <div className="sl-empty-state__icon">{icon}</div>}
      <Heading level={headingLevel} className="sl-empty-state__title">
        {title}
      </Heading>
      {children !== undefined && <div className="sl-empty-state__body">{children}</div>}
      {action !== undefined && <div className="sl-empty-state__action">{action}</div>}
    </div>
  );
}
