import { createContext, use } from 'react';
import type { LoginFlow } from './login-failure';

/** Which account modal is open (one at a time; the account-setup wait sits on top of forms). */
export type AuthModal =
  | { kind: 'none' }
  | { kind: 'welcome' }
  | {
      kind: 'login';
      email?: string | undefined;
      step?: 'password' | undefined;
      /** What the log-in was opened for; its failure's fallback text depends on it. */
      flow?: LoginFlow | undefined;
    }
  /** `flow` is the log-in's it came from, given back to it on Cancel. */
  | { kind: 'forgot'; email: string; flow?: LoginFlow | undefined }
  | { kind: 'forgot-sent'; email: string }
  | { kind: 'change-password'; userId: string; code: string }
  | { kind: 'hunter-signup' };

export interface AuthModals {
  open(modal: AuthModal): void;
  close(): void;
}

export const AuthModalsContext = createContext<AuthModals>({
  open: () => undefined,
  close: () => undefined,
});

/** Opens and closes the account modals from anywhere inside `LoginModalProvider`. */
export function useAuthModals(): AuthModals {
  return use(AuthModalsContext);
}
