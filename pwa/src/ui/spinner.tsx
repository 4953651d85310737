import { ProgressBar, type ProgressBarProps } from 'react-aria-components';
import { withBaseClass } from './class-names';
import { uiLabels } from './labels';
import './motion.css';
import './spinner.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps extends Omit<
  ProgressBarProps,
  | 'children'
  | 'value'
  | 'minValue'
  | 'maxValue'
  | 'isIndeterminate'
  | 'valueLabel'
  | 'formatOptions'
> {
  /** `sm` 1em (inline, in buttons), `md` 1.5rem, `lg` 2.5rem. */
  size?: SpinnerSize | undefined;
}

/**
 * An indeterminate progress indicator with the `progressbar` role. It is labelled "Loading" unless
 * given an `aria-label`; inside a pending `Button` it is announced as part of the button.
 */
export function Spinner({ size = 'md', className, ...props }: SpinnerProps) {
  return (
    <ProgressBar
      aria-label={uiLabels.loading}
      {...props}
      isIndeterminate
      className={withBaseClass('sl-spinner', className)}
      data-size={size}
    >
      <svg className="sl-spinner__svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle className="sl-spinner__track" cx="12" cy="12" r="9" />
        <circle className="sl-spinner__arc" cx="12" cy="12" r="9" />
      </svg>
    </ProgressBar>
  );
}
