/**
 * The few words the UI kit itself puts on screen or in the accessibility tree. Feature code passes
 * its own texts (from `@stemline/shared` messages) through props; these are only the defaults.
 */
export const uiLabels = {
  show: 'Show',
  hide: 'Hide',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  close: 'Close',
  dismiss: 'Dismiss',
  loading: 'Loading',
  working: 'Working',
  notifications: 'Notifications',
} as const;
