import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  composeRenderProps,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import { FieldDescription, FieldErrorMessage, FieldLabel, type FieldTextProps } from './field';
import { CheckIcon } from './icons';
import './checkbox-group.css';

export interface CheckboxGroupProps
  extends Omit<AriaCheckboxGroupProps, 'children'>, FieldTextProps {
  children: ReactNode;
}

/** A labelled group of checkboxes choosing several values (`value` is the list of chosen ones). */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  children,
  className,
  ...props
}: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      {...props}
      className={withBaseClass('sl-field sl-checkbox-group', className)}
    >
      {label !== undefined && (
        <FieldLabel isRequired={props.isRequired ?? false}>{label}</FieldLabel>
      )}
      <div className="sl-checkbox-group__items">{children}</div>
      {description !== undefined && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage errorMessage={errorMessage} />
    </AriaCheckboxGroup>
  );
}

/** One checkbox, 44px tall: a box with a check mark, then its label. */
export function Checkbox({ className, children, ...props }: AriaCheckboxProps) {
  return (
    <AriaCheckbox {...props} className={withBaseClass('sl-checkbox', className)}>
      {composeRenderProps(children, (content) => (
        <>
          <span className="sl-checkbox__box" aria-hidden="true">
            <CheckIcon className="sl-checkbox__check" />
          </span>
          <span className="sl-checkbox__label">{content}</span>
        </>
      ))}
    </AriaCheckbox>
  );
}
