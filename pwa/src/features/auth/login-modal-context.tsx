import { lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { sessionStore } from '../../session/session-store';
import {
  AuthModalsContext,
  useAuthModals,
  type AuthModal,
  type AuthModals,
} from './auth-modal-state';
import { MountOnceOpen } from '../shell/mount-once-open';
import { preloadWhenIdle } from '../shell/preload-when-idle';
import { LoginModal } from './login-modal';
import { shouldWelcome, WELCOMED_KEY } from './welcome-rules';
import { WelcomeModal } from './welcome-modal';
import './auth.css';

// The welcome and log-in modals come with the first screen: a first visit opens the welcome by
// itself, and Log in must open even when the network is gone (on a first visit the service
// worker does not serve the page yet). The others load when they first open (issue 28).
const loadForgotModals = () => import('./forgot-password-modals');
const ForgotPasswordModal = lazy(() =>
  loadForgotModals().then((m) => ({ default: m.ForgotPasswordModal })),
);
const ForgotPasswordSentModal = lazy(() =>
  loadForgotModals().then((m) => ({ default: m.ForgotPasswordSentModal })),
);
const ChangePasswordModal = lazy(() =>
  import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);
const HunterSignUpModal = lazy(() =>
  import('./hunter-sign-up-modal').then((m) => ({ default: m.HunterSignUpModal })),
);

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
  // 'Forgot password?' opens offline too (to say the network is needed), as Log in does.
  useEffect(() => preloadWhenIdle([loadForgotModals]), []);

  return (
    <AuthModalsContext value={modals}>
      {children}
      <MountOnceOpen open={modal.kind === 'welcome'}>
        <WelcomeModal
          key={`welcome-${generation}`}
          isOpen={modal.kind === 'welcome'}
          modals={modals}
        />
      </MountOnceOpen>
      <LoginModal
        key={`login-${generation}`}
        isOpen={modal.kind === 'login'}
        initialEmail={modal.kind === 'login' ? modal.email : undefined}
        initialStep={modal.kind === 'login' ? modal.step : undefined}
        modals={modals}
      />
      {(modal.kind === 'forgot' || modal.kind === 'forgot-sent') && (
        <MountOnceOpen open>
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
        </MountOnceOpen>
      )}
      {modal.kind === 'change-password' && (
        <MountOnceOpen open>
          <ChangePasswordModal isOpen userId={modal.userId} code={modal.code} modals={modals} />
        </MountOnceOpen>
      )}
      <MountOnceOpen open={modal.kind === 'hunter-signup'}>
        <HunterSignUpModal
          key={`hunter-${generation}`}
          isOpen={modal.kind === 'hunter-signup'}
          modals={modals}
        />
      </MountOnceOpen>
    </AuthModalsContext>
  );
}

/** Opens 'Sign up or log in' (kept for the callers that only need that). */
export function useLoginModal(): () => void {
  const modals = useAuthModals();
  return () => modals.open({ kind: 'login' });
}
