import type { ButtonHTMLAttributes } from 'react';
import { Spinner, type ButtonSize, type ButtonVariant } from '../../ui';
import { cx } from '../../ui/class-names';
import { uiLabels } from '../../ui/labels';

export interface CardButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** Shows a spinner and ignores clicks, keeping the button's size and name (as `Button`). */
  pending?: boolean | undefined;
  /** Accessible name of the spinner while pending. */
  pendingLabel?: string | undefined;
}

/**
 * A native `<button>` dressed exactly as the ui `Button` (same classes and data attributes), for
 * the controls every catalogue card repeats. A card set re-renders on every search keystroke;
 * react-aria's press, hover and focus hooks per button were most of that frame's work, and a
 * native button already gives keyboard activation, focus and its role to assistive technology.
 * Hover, pressed and focus styles come from catalog.css (`.card-button`) and tokens.css
 * (`:focus-visible`).
 */
export function CardButton({
  variant = 'primary',
  size = 'md',
  pending = false,
  pendingLabel = uiLabels.working,
  disabled = false,
  className,
  children,
  onClick,
  ...props
}: CardButtonProps) {
  return (
    <button
      type="button"
      {...props}
      disabled={disabled}
      onClick={pending ? undefined : onClick}
      aria-disabled={pending || undefined}
      className={cx('sl-button card-button', className)}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-pending={pending || undefined}
    >
      <span className="sl-button__content">{children}</span>
      {pending && <Spinner className="sl-button__spinner" size="sm" aria-label={pendingLabel} />}
    </button>
  );
}
