import {
  Label,
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';

export interface ProgressBarProps extends Omit<AriaProgressBarProps, 'isIndeterminate'> {
  label: string;
}

/**
 * A labelled, determinate progress bar (`role="progressbar"` with its value and `valueLabel`
 * announced), e.g. the bytes of a file sent so far. The track and fill are the meter's, so
 * progress and gauges look alike.
 */
export function ProgressBar({ label, className, ...props }: ProgressBarProps) {
  return (
    <AriaProgressBar {...props} className={withBaseClass('sl-meter sl-progress', className)}>
      {({ percentage, valueText }) => (
        <>
          <div className="sl-meter__header">
            <Label className="sl-meter__label">{label}</Label>
            <span className="sl-meter__value">{valueText}</span>
          </div>
          <div className="sl-meter__track">
            <div className="sl-meter__fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
