import {
  Button as AriaButton,
  composeRenderProps,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type ListBoxItemProps,
  type ListBoxProps,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import {
  FieldDescription,
  FieldErrorMessage,
  FieldLabel,
  invalidWhenMessaged,
  type FieldTextProps,
} from './field';
import { CheckIcon, ChevronDownIcon } from './icons';
import './motion.css';
import './select.css';

export interface SelectProps<T extends object>
  extends
    Omit<AriaSelectProps<T>, 'children'>,
    Pick<ListBoxProps<T>, 'items' | 'children' | 'dependencies'>,
    FieldTextProps {}

/**
 * A labelled single-choice picker: a 44px trigger that opens a listbox popover as wide as itself.
 * Give `items` and a render function, or static `SelectItem` children.
 */
export function Select<T extends object>({
  label,
  description,
  errorMessage,
  items,
  children,
  dependencies,
  className,
  isInvalid,
  ...props
}: SelectProps<T>) {
  return (
    <AriaSelect
      {...props}
      {...invalidWhenMessaged(isInvalid, errorMessage)}
      className={withBaseClass('sl-field sl-select', className)}
    >
      {label !== undefined && (
        <FieldLabel isRequired={props.isRequired ?? false}>{label}</FieldLabel>
      )}
      <AriaButton className="sl-field__control sl-select__trigger">
        <SelectValue className="sl-select__value" />
        <ChevronDownIcon className="sl-select__chevron" />
      </AriaButton>
      {description !== undefined && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage errorMessage={errorMessage} />
      <Popover className="sl-popover">
        <ListBox
          className="sl-listbox"
          {...(items !== undefined && { items })}
          {...(dependencies !== undefined && { dependencies })}
        >
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** One option of a `Select`; a check mark shows the selected one. Non-text children need `textValue`. */
export function SelectItem<T extends object>({
  className,
  children,
  ...props
}: ListBoxItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <ListBoxItem
      {...props}
      {...(textValue !== undefined && { textValue })}
      className={withBaseClass('sl-listbox__item', className)}
    >
      {composeRenderProps(children, (content, { isSelected }) => (
        <>
          <span className="sl-listbox__label">{content}</span>
          {isSelected && <CheckIcon className="sl-listbox__check" />}
        </>
      ))}
    </ListBoxItem>
  );
}
