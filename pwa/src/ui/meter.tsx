import {
  Label,
  Meter as AriaMeter,
  type MeterProps as AriaMeterProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import './meter.css';

export interface MeterProps extends AriaMeterProps {
  label: string;
}

/** A labelled gauge (e.g. how full a custom box is); over 100% shows the danger colour. */
export function Meter({ label, className, ...props }: MeterProps) {
  return (
    <AriaMeter {...props} className={withBaseClass('sl-meter', className)}>
      {({ percentage, valueText }) => (
        <>
          <div className="sl-meter__header">
            <Label className="sl-meter__label">{label}</Label>
            <span className="sl-meter__value">{valueText}</span>
          </div>
          <div className="sl-meter__track">
            <div
              className="sl-meter__fill"
              data-over={(props.value ?? 0) > (props.maxValue ?? 100) || undefined}
              style={{ width: `${Math.min(100, percentage)}%` }}
            />
          </div>
        </>
      )}
    </AriaMeter>
  );
}
