import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import { uiLabels } from './labels';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends AriaButtonProps {
  /** Visual weight: one `primary` per view; `danger` for destructive actions. Default `primary`. */
  variant?: ButtonVariant | undefined;
  /** Every size keeps a 44px minimum touch target; sizes change padding and type. Default `md`. */
  size?: ButtonSize | undefined;
  /** Accessible name of the spinner shown while `isPending`. */
  pendingLabel?: string | undefined;
}

/**
 * A pressable action. While `isPending` it keeps its size, shows a spinner, ignores presses and
 * announces the change to screen-reader users who have it focused.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  pendingLabel = uiLabels.working,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={withBaseClass('sl-button', className)}
      data-variant={variant}
      data-size={size}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          <span className="sl-button__content">{content}</span>
          {isPending && (
            <Spinner className="sl-button__spinner" size="sm" aria-label={pendingLabel} />
          )}
        </>
      ))}
    </AriaButton>
  );
}
