import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { withBaseClass } from './class-names';
import './button.css';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** The accessible name; the icon alone says nothing to assistive technology. */
  'aria-label': string;
  /** A decorative icon from `./icons`. */
  icon: ReactNode;
}

/** A square 44×44 button showing only an icon; defaults to the `quiet` variant. */
export function IconButton({ icon, variant = 'quiet', className, ...props }: IconButtonProps) {
  return (
    <Button {...props} variant={variant} className={withBaseClass('sl-icon-button', className)}>
      {icon}
    </Button>
  );
}
