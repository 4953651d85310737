import { useEffect, useRef } from 'react';
import { announce } from '@react-aria/live-announcer';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
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

/** The handlers a pending button keeps (react-aria's list): focus, blur and hovering. */
const KEPT_WHILE_PENDING =
  /Focus|Blur|Hover|Pointer(Enter|Leave|Over|Out)|Mouse(Enter|Leave|Over|Out)/;

/**
 * A pressable action. While `isPending` it keeps its size and focus, shows a spinner, ignores
 * presses (and implicit form submission) and tells a screen-reader user who has it focused that
 * it is working, and again when it is done.
 *
 * The pending state is ours rather than react-aria's: react-aria announces it by the ids of the
 * button and its spinner, which leaves an unnamed `role="img"` in its live region for 7 s when
 * the button goes away at once (a modal closing on log-in, checkout giving way to the order).
 * Announcing the words instead leaves nothing that points at a removed element.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  pendingLabel = uiLabels.working,
  isPending = false,
  className,
  children,
  ...props
}: ButtonProps) {
  const content = useRef<HTMLSpanElement>(null);
  const focused = useRef(false);
  const wasPending = useRef(isPending);
  const name = props['aria-label'];
  useEffect(() => {
    if (wasPending.current === isPending) return;
    wasPending.current = isPending;
    if (!focused.current) return;
    const words = name ?? content.current?.textContent ?? '';
    announce(isPending ? `${words}, ${pendingLabel}` : words, 'assertive');
  }, [isPending, name, pendingLabel]);

  const active = isPending ? withoutActions(props) : props;
  return (
    <AriaButton
      {...active}
      onFocusChange={(isFocused) => {
        focused.current = isFocused;
        props.onFocusChange?.(isFocused);
      }}
      {...(isPending && props.type === 'submit' && { type: 'button' })}
      {...(isPending && { 'aria-disabled': true })}
      // react-aria writes its own data-pending (unset here) over one passed as a prop.
      render={(domProps) => <button {...domProps} data-pending={isPending || undefined} />}
      className={withBaseClass('sl-button', className)}
      data-variant={variant}
      data-size={size}
    >
      {(renderProps) => (
        <>
          <span ref={content} className="sl-button__content">
            {typeof children === 'function' ? children({ ...renderProps, isPending }) : children}
          </span>
          {isPending && (
            <Spinner className="sl-button__spinner" size="sm" aria-label={pendingLabel} />
          )}
        </>
      )}
    </AriaButton>
  );
}

/** `props` without what would act on a press: a pending button does nothing when pressed. */
function withoutActions(props: AriaButtonProps): AriaButtonProps {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith('on') && !KEPT_WHILE_PENDING.test(key)) continue;
    kept[key] = value;
  }
  return kept;
}
