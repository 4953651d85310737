import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoginModalProvider } from './features/auth/login-modal-context';
import { CatalogPage } from './features/catalog/catalog-page';
import { AppHeader } from './features/shell/app-header';
import { NotFoundPage } from './features/shell/not-found-page';
import { AccountProvider } from './session/account-context';
import { useSession } from './session/use-session';
import { Spinner, ToastRegion } from './ui';

/** Routes of spec §2 that this build serves, inside the account and modal providers. */
export function App() {
  return (
    <BrowserRouter>
      <ToastRegion />
      <LoginModalProvider>
        <AccountBoundary>
          <AppHeader />
          <main className="app-main" id="main">
            <Routes>
              <Route path="/" element={<Navigate to="/shopping/home" replace />} />
              <Route path="/shopping/home" element={<CatalogPage title="Fresh flowers" />} />
              <Route path="/shopping/products" element={<CatalogPage title="All products" />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </main>
        </AccountBoundary>
      </LoginModalProvider>
    </BrowserRouter>
  );
}

/** Buyers get their account database and sync; visitors and staff browse without one. */
function AccountBoundary({ children }: { children: ReactNode }) {
  const customerKey = useSession()?.user.metadata.customer;
  if (!customerKey) return children;
  return (
    <Suspense
      fallback={
        <div className="app-loading">
          <Spinner aria-label="Opening your account" />
        </div>
      }
    >
      <AccountProvider key={customerKey} customerKey={customerKey}>
        {children}
      </AccountProvider>
    </Suspense>
  );
}
