import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { sessionStore } from '../../session/session-store';
import {
  AuthModalsContext,
  useAuthModals,
  type AuthModal,
  type AuthModals,
} from './auth-modal-state';
import { ChangePasswordModal } from './change-password-modal';
import { ForgotPasswordModal, ForgotPasswordSentModal } from './forgot-password-modals';
import { HunterSignUpModal } from './hunter-sign-up-modal';
import { LoginModal } from './login-modal';
import { shouldWelcome, WELCOMED_KEY } from './welcome-rules';
import { WelcomeModal } from './welcome-modal';
import './auth.css';

/**
 * Hosts the account modals of spec §2 (welcome, 'Sign up or log in', forgot password and its
 * confirmation, change password, the hunter sign-up); any component may open one. The welcome
 * modal opens by itself for a visitor without a session, once per device.
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal>(() =>
    shouldWelcome(window.location, sessionStore.get() !== null)
      ? { kind: 'welcome' }
      : { kind: 'none' },
  );
  // Each opening gets a fresh form (a new key), so a closed modal never shows stale input.
  const [generation, setGeneration] = useState(0);
  const modals = useMemo<AuthModals>(
    () => ({
      open: (next) => {
        setGeneration((value) => value + 1);
        setModal(next);
      },
      close: () => setModal({ kind: 'none' }),
    }),
    [],
  );
  useEffect(() => {
    if (modal.kind === 'welcome') localStorage.setItem(WELCOMED_KEY, '1');
  }, [modal.kind]);

  return (
    <AuthModalsContext value={modals}>
      {children}
      <WelcomeModal
        key={`welcome-${generation}`}
        isOpen={modal.kind === 'welcome'}
        modals={modals}
      />
      <LoginModal
        key={`login-${generation}`}
        isOpen={modal.kind === 'login'}
        initialEmail={modal.kind === 'login' ? modal.email : undefined}
        initialStep={modal.kind === 'login' ? modal.step : undefined}
        modals={modals}
      />
      {(modal.kind === 'forgot' || modal.kind === 'forgot-sent') && (
        <>
          <ForgotPasswordModal
            isOpen={modal.kind === 'forgot'}
            email={modal.email}
            modals={modals}
          />
          <ForgotPasswordSentModal
            isOpen={modal.kind === 'forgot-sent'}
            email={modal.email}
            modals={modals}
          />
        </>
      )}
      {modal.kind === 'change-password' && (
        <ChangePasswordModal isOpen userId={modal.userId} code={modal.code} modals={modals} />
      )}
      <HunterSignUpModal
        key={`hunter-${generation}`}
        isOpen={modal.kind === 'hunter-signup'}
        modals={modals}
      />
    </AuthModalsContext>
  );
}

/** Opens 'Sign up or log in' (kept for the callers that only need that). */
export function useLoginModal(): () => void {
  const modals = useAuthModals();
  return () => modals.open({ kind: 'login' });
}
