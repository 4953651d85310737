import {
  createContext,
  lazy,
  startTransition,
  use,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { sessionStore } from '../../session/session-store';
import { pendingAdd } from '../catalog/pending-add';
import {
  AuthModalsContext,
  useAuthModals,
  type AuthModal,
  type AuthModals,
} from './auth-modal-state';
import { MountOnceOpen } from '../shell/mount-once-open';
import { firstScreenShown } from '../shell/first-screen';
import { preloadWhenIdle } from '../shell/preload-when-idle';
import { shouldWelcome, WELCOMED_KEY } from './welcome-rules';
import type { LoginFlow } from './login-failure';
import type { LoginModal } from './login-modal';
import type { WelcomeModal } from './welcome-modal';
import './auth.css';

// The account modals' code (react-aria's modal and forms, the captcha, the sign-up rules) stays
// out of the first screen (issue 28). A first visit's welcome is fetched as the app starts and
// opens as soon as it has arrived, or, on a first visit to a date's catalogue, once its first
// cards are on screen (shell/first-screen.ts). 'Sign up or log in' is fetched as the app starts
// too, and the page offers Log in once it has, so that it opens even when the network has gone
// since (on a first visit the service worker does not serve the page yet, and Log in must say
// that logging in needs a connection); 'Forgot password?' is fetched once the page is idle, for
// the same reason. The others load when they first open.
const loadWelcome = () => import('./welcome-modal');
const loadLogin = () => import('./login-modal');
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

const LogInReadyContext = createContext(false);

/**
 * Whether the page may offer Log in: once 'Sign up or log in' can open (its code has arrived), and
 * not while a first visit's welcome modal is on its way, since the welcome offers Log in itself
 * and a tap could land on it as it opens.
 */
export function useLogInReady(): boolean {
  return use(LogInReadyContext);
}

/**
 * Hosts the account modals of spec §2 (welcome, 'Sign up or log in', forgot password and its
 * confirmation, change password, the hunter sign-up); any component may open one. The welcome
 * modal opens by itself for a visitor without a session, once per device.
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal>(() => {
    // The server renders a visitor's first screen (ssr/first-screen.tsx) without it.
    if (typeof window === 'undefined') return { kind: 'none' };
    if (!shouldWelcome(window.location, sessionStore.get() !== null)) return { kind: 'none' };
    // Fetched now rather than after the first render, in a task of its own: adding its chunks'
    // preload links takes the main thread for tens of ms, which the first render's slice (a
    // transition, boot.tsx) would otherwise hold.
    setTimeout(() => {
      loadWelcome().catch(() => undefined);
    }, 0);
    return { kind: 'welcome' };
  });
  const [Welcome, setWelcome] = useState<typeof WelcomeModal | null>(null);
  // Kept as a component once loaded (not React.lazy): Log in then opens in the press's own render.
  const [Login, setLogin] = useState<typeof LoginModal | null>(null);
  // Each opening gets a fresh form (a new key), so a closed modal never shows stale input.
  const [generation, setGeneration] = useState(0);
  const modals = useMemo<AuthModals>(
    () => ({
      open: (next) => {
        setGeneration((value) => value + 1);
        setModal(next);
      },
      close: () => {
        // Closed without signing in: the Add that asked for the log-in is not made later.
        if (sessionStore.get() === null) pendingAdd.forget();
        setModal({ kind: 'none' });
      },
    }),
    [],
  );
  const welcomeDue = modal.kind === 'welcome';
  useEffect(() => {
    if (!welcomeDue || Welcome) return;
    let current = true;
    // Its code is fetched at once; it opens once a first visit's catalogue cards are on screen.
    Promise.all([loadWelcome(), firstScreenShown()]).then(
      ([module]) => {
        // Rendered in slices (a transition); its opening's commit (react-aria's scroll lock and
        // viewport reads) is one task whatever the update.
        if (current) startTransition(() => setWelcome(() => module.WelcomeModal));
      },
      // The network went before the welcome's code came: this visit goes without it.
      () => {
        if (current) setModal({ kind: 'none' });
      },
    );
    return () => {
      current = false;
    };
  }, [welcomeDue, Welcome]);
  useEffect(() => {
    if (welcomeDue && Welcome) localStorage.setItem(WELCOMED_KEY, '1');
  }, [welcomeDue, Welcome]);
  useEffect(() => {
    let current = true;
    // Offline before it came: tried again when the network is back.
    const load = (): void => {
      loadLogin().then(
        (module) => {
          if (current) setLogin(() => module.LoginModal);
        },
        () => window.addEventListener('online', load, { once: true }),
      );
    };
    load();
    return () => {
      current = false;
      window.removeEventListener('online', load);
    };
  }, []);
  useEffect(() => preloadWhenIdle([loadForgotModals]), []);

  return (
    <AuthModalsContext value={modals}>
      <LogInReadyContext value={Login !== null && !(welcomeDue && !Welcome)}>
        {children}
      </LogInReadyContext>
      {Welcome && (
        <MountOnceOpen open={welcomeDue}>
          <Welcome key={`welcome-${generation}`} isOpen={welcomeDue} modals={modals} />
        </MountOnceOpen>
      )}
      {Login && (
        <MountOnceOpen open={modal.kind === 'login'}>
          <Login
            key={`login-${generation}`}
            isOpen={modal.kind === 'login'}
            initialEmail={modal.kind === 'login' ? modal.email : undefined}
            initialStep={modal.kind === 'login' ? modal.step : undefined}
            flow={modal.kind === 'login' ? modal.flow : undefined}
            modals={modals}
          />
        </MountOnceOpen>
      )}
      {(modal.kind === 'forgot' || modal.kind === 'forgot-sent') && (
        <MountOnceOpen open>
          <ForgotPasswordModal
            isOpen={modal.kind === 'forgot'}
            email={modal.email}
            flow={modal.kind === 'forgot' ? modal.flow : undefined}
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

/**
 * Opens 'Sign up or log in' for the flow each call names: 'cart' when a visitor asked to add to
 * the cart, so that a refusal without a text says the cart flow's 'unable to login'.
 */
export function useOpenLogin(): (flow: LoginFlow) => void {
  const modals = useAuthModals();
  return (flow) => modals.open({ kind: 'login', flow });
}
