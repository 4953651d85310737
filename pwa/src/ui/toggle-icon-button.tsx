import type { ReactNode } from 'react';
import {
  ToggleButton as AriaToggleButton,
  type ToggleButtonProps as AriaToggleButtonProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import './toggle-icon-button.css';

export interface ToggleIconButtonProps extends Omit<
  AriaToggleButtonProps,
  'children' | 'aria-label'
> {
  /** The accessible name; its pressed state is announced with it (e.g. "Favourite, pressed"). */
  'aria-label': string;
  /** A decorative icon from `./icons`; it is filled while selected. */
  icon: ReactNode;
}

/**
 * A square 44×44 on/off button showing only an icon (`aria-pressed` tells its state). Selected
 * it takes the accent colour and fills its icon, so the state is not told by colour alone.
 */
export function ToggleIconButton({ icon, className, ...props }: ToggleIconButtonProps) {
  return (
    <AriaToggleButton
      {...props}
      className={withBaseClass('sl-button sl-icon-button sl-toggle-icon-button', className)}
      data-variant="quiet"
    >
      {icon}
    </AriaToggleButton>
  );
}
