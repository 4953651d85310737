import { Suspense, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { BrowserRouter, Navigate, Route, Routes, useHref, useNavigate } from 'react-router';
import { AccountPage } from './features/account/account-page';
import { AuthFlows } from './features/auth/auth-flows';
import { CreateAccountPage } from './features/auth/create-account-page';
import { DevMailboxPage } from './features/auth/dev-mailbox-page';
import { GuestBanner } from './features/auth/guest-banner';
import { LoginAsPage } from './features/auth/login-as-page';
import { LoginModalProvider } from './features/auth/login-modal-context';
import { CatalogPage } from './features/catalog/catalog-page';
import { CheckoutPage } from './features/checkout/checkout-page';
import { ExtendHoldsRedirect } from './features/checkout/extend-holds-redirect';
import { CompanyDetailsPage, DeliveryProvider } from './features/delivery';
import { OrdersPage } from './features/orders/orders-page';
import { AppHeader } from './features/shell/app-header';
import { NotFoundPage } from './features/shell/not-found-page';
import { AccountProvider } from './session/account-context';
import { useSession } from './session/use-session';
import { Spinner, ToastRegion } from './ui';

/** Routes of spec §2 that this build serves, inside the account and modal providers. */
export function App() {
  return (
    <BrowserRouter>
      <AriaRouter>
        <ToastRegion />
        <LoginModalProvider>
          <AuthFlows />
          <AccountBoundary>
            <DeliveryProvider>
              <AppHeader />
              <GuestBanner />
              <ExtendHoldsRedirect />
              <main className="app-main" id="main">
                <Routes>
                  <Route path="/" element={<Navigate to="/shopping/home" replace />} />
                  <Route path="/shopping/home" element={<CatalogPage title="Fresh flowers" />} />
                  <Route path="/shopping/products" element={<CatalogPage title="All products" />} />
                  <Route path="/shopping/home/company-details" element={<CompanyDetailsPage />} />
                  <Route path="/checkout" element={<CheckoutPage />} />
                  <Route path="/shopping/home/account/orders" element={<OrdersPage />} />
                  <Route path="/shopping/home/account" element={<AccountPage />} />
                  <Route path="/shopping/create-account" element={<CreateAccountPage />} />
                  <Route path="/login_as" element={<LoginAsPage />} />
                  <Route path="/dev/mailbox" element={<DevMailboxPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </main>
            </DeliveryProvider>
          </AccountBoundary>
        </LoginModalProvider>
      </AriaRouter>
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

/** Lets react-aria links (`Link`, `LinkButton` from ui) navigate inside the app without a reload. */
function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(href, options) => void navigate(href, options)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}
