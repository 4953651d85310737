import { createContext, use, useState, type ReactNode } from 'react';
import { LoginModal } from './login-modal';

const OpenLoginContext = createContext<() => void>(() => undefined);

/** Hosts the one 'Sign up or log in' modal; any component may open it. */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <OpenLoginContext value={() => setOpen(true)}>
      {children}
      <LoginModal isOpen={isOpen} onOpenChange={setOpen} />
    </OpenLoginContext>
  );
}

export function useLoginModal(): () => void {
  return use(OpenLoginContext);
}
