import { closeToast, showToast } from './toast-queue';

const toastActions = { showToast, closeToast } as const;

/**
 * The toast actions for components. They are the module-level `showToast`/`closeToast`, so the
 * returned object is stable across renders and safe in effect dependencies.
 */
export function useToast(): typeof toastActions {
  return toastActions;
}
