import {
  DateField as AriaDateField,
  DateInput,
  DateSegment,
  type DateFieldProps as AriaDateFieldProps,
  type DateValue,
} from 'react-aria-components';
import './calendar.css';
import { withBaseClass } from './class-names';
import {
  FieldDescription,
  FieldErrorMessage,
  FieldLabel,
  invalidWhenMessaged,
  type FieldTextProps,
} from './field';

export interface DateFieldProps<T extends DateValue>
  extends Omit<AriaDateFieldProps<T>, 'children'>, FieldTextProps {}

/**
 * A labelled date typed as segments (each a spin button: type digits or use the arrow keys), in
 * the order and with the separators of the surrounding `I18nProvider` locale. A string
 * `errorMessage` marks it invalid and is shown and announced.
 */
export function DateField<T extends DateValue>({
  label,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: DateFieldProps<T>) {
  return (
    <AriaDateField
      {...props}
      {...invalidWhenMessaged(isInvalid, errorMessage)}
      className={withBaseClass('sl-field sl-date-field', className)}
    >
      {label !== undefined && (
        <FieldLabel isRequired={props.isRequired ?? false}>{label}</FieldLabel>
      )}
      <DateInput className="sl-field__control sl-date-field__input">
        {(segment) => <DateSegment segment={segment} className="sl-date-field__segment" />}
      </DateInput>
      {description !== undefined && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage errorMessage={errorMessage} />
    </AriaDateField>
  );
}
