import type { ReactNode } from 'react';
import {
  composeRenderProps,
  ToggleButton,
  ToggleButtonGroup,
  type ToggleButtonGroupProps,
  type ToggleButtonProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import './segmented-control.css';

export interface SegmentedControlProps extends Omit<ToggleButtonGroupProps, 'selectionMode'> {
  /** Names the choice, e.g. "View"; the segments are its options. */
  'aria-label': string;
}

/**
 * A single-choice row of segments (e.g. list / grid view), exposed as a radio group. Exactly one
 * segment stays selected unless `disallowEmptySelection` is set to false.
 */
export function SegmentedControl({
  className,
  disallowEmptySelection = true,
  ...props
}: SegmentedControlProps) {
  return (
    <ToggleButtonGroup
      {...props}
      selectionMode="single"
      disallowEmptySelection={disallowEmptySelection}
      className={withBaseClass('sl-segmented', className)}
    />
  );
}

export interface SegmentedControlItemProps extends Omit<ToggleButtonProps, 'id'> {
  /** The key this segment puts in the group's `selectedKeys`. */
  id: NonNullable<ToggleButtonProps['id']>;
  /** A decorative icon before the text; an icon-only segment needs an `aria-label`. */
  icon?: ReactNode | undefined;
}

/** One segment of a `SegmentedControl`, at least 44×44px. */
export function SegmentedControlItem({
  icon,
  children,
  className,
  ...props
}: SegmentedControlItemProps) {
  return (
    <ToggleButton {...props} className={withBaseClass('sl-segmented__item', className)}>
      {composeRenderProps(children, (content) => (
        <>
          {icon}
          {content}
        </>
      ))}
    </ToggleButton>
  );
}
