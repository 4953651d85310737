import {
  Button as AriaButton,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import {
  FieldDescription,
  FieldErrorMessage,
  FieldLabel,
  invalidWhenMessaged,
  type FieldTextProps,
} from './field';
import { MinusIcon, PlusIcon } from './icons';
import './number-field.css';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children'>, FieldTextProps {
  placeholder?: string | undefined;
}

const wholeNumbers: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

/**
 * A labelled number input with − and + stepper buttons (44px each), clamped to
 * `minValue`/`maxValue`. Formats whole numbers unless `formatOptions` says otherwise, which suits
 * box quantities.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  isInvalid,
  formatOptions = wholeNumbers,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      {...invalidWhenMessaged(isInvalid, errorMessage)}
      formatOptions={formatOptions}
      className={withBaseClass('sl-field sl-number-field', className)}
    >
      {label !== undefined && (
        <FieldLabel isRequired={props.isRequired ?? false}>{label}</FieldLabel>
      )}
      <Group className="sl-field__control sl-number-field__group">
        <AriaButton slot="decrement" className="sl-number-field__step">
          <MinusIcon />
        </AriaButton>
        <Input
          className="sl-input sl-number-field__input"
          {...(placeholder !== undefined && { placeholder })}
        />
        <AriaButton slot="increment" className="sl-number-field__step">
          <PlusIcon />
        </AriaButton>
      </Group>
      {description !== undefined && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
