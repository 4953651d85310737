export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { IconButton, type IconButtonProps } from './icon-button';
export { ToggleIconButton, type ToggleIconButtonProps } from './toggle-icon-button';
export { Link, LinkButton, type LinkButtonProps, type LinkProps } from './link';
export { TextField, type TextFieldProps } from './text-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { NumberField, type NumberFieldProps } from './number-field';
export { DateField, type DateFieldProps } from './date-field';
export { Calendar, type CalendarDayMarks, type CalendarProps } from './calendar';
export { Select, SelectItem, type SelectProps } from './select';
export {
  DeferredSelect,
  type DeferredSelectOption,
  type DeferredSelectProps,
} from './deferred-select';
export { Checkbox, CheckboxGroup, type CheckboxGroupProps } from './checkbox-group';
export { OptionSelect, type SelectOption } from './option-select';
export { FormRow } from './form-row';
export { NameFields, type NameFieldsProps } from './name-fields';
export { NewPasswordFields, type NewPasswordFieldsProps } from './new-password-fields';
export { SubmitForm } from './submit-form';
export { useFieldForm, type FieldBinding } from './use-field-form';
export {
  SegmentedControl,
  SegmentedControlItem,
  type SegmentedControlItemProps,
  type SegmentedControlProps,
} from './segmented-control';
export { DialogTrigger, ModalDialog, type ModalDialogProps } from './modal-dialog';
export { DeferredModalDialog } from './deferred-modal-dialog';
export { ToastRegion } from './toast-region';
export { DeferredToastRegion } from './deferred-toast-region';
export {
  closeToast,
  showToast,
  toastQueue,
  type ShowToastOptions,
  type ToastContent,
  type ToastVariant,
} from './toast-queue';
export { useToast } from './use-toast';
export { StatusPill, type Status, type StatusPillProps } from './status-pill';
export { Meter, type MeterProps } from './meter';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner';
export { Skeleton, type SkeletonProps } from './skeleton';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { dotSeparated } from './dot-separated';
export type { FieldErrorMessageValue } from './field';
export * from './icons';
