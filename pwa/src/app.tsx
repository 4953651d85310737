import { lazy, Suspense, type ReactNode } from 'react';
import { RouterProvider } from './start/kit-part';
import { Navigate, Route, Routes, StaticRouter, useHref, useNavigate } from 'react-router';
import { AuthFlows } from './features/auth/auth-flows';
import { GuestBanner } from './features/auth/guest-banner';
import { LoginModalProvider } from './features/auth/login-modal-context';
import { CatalogPage } from './features/catalog/catalog-page';
import { ExtendHoldsRedirect } from './features/checkout/extend-holds-redirect';
import { DeliveryProvider } from './features/delivery';
import { AppHeader } from './features/shell/app-header';
import { DocumentTitle } from './features/shell/document-title';
import { LeaveGuardRouter } from './features/shell/leave-guard';
import { PageBoundary } from './features/shell/page-boundary';
import { NotFoundPage } from './features/shell/not-found-page';
import { MAIN_CONTENT_ID, SkipLinks } from './features/shell/skip-link';
import { accountStorageKey } from './session/mailbox-proof';
import { useAccountDb } from './session/account-context';
import { useSession } from './session/use-session';
import { DeferredToastRegion, Spinner } from './ui';

// The account database (RxDB) and sync load once a session exists: a visitor's first screen
// loads none of them (issue 28).
const AccountProvider = lazy(() =>
  import('./session/account-provider').then((m) => ({ default: m.AccountProvider })),
);

// What runs beside the pages for a signed-in buyer only (claim uploads, answers to list
// changes): loaded with the account, never for a visitor.
const ClaimUploads = lazy(() =>
  import('./features/claims/claim-uploads').then((m) => ({ default: m.ClaimUploads })),
);
const ShoppingListAnnouncer = lazy(() =>
  import('./features/shopping-lists/shopping-list-announcer').then((m) => ({
    default: m.ShoppingListAnnouncer,
  })),
);
// A guest's 'delete product message' (spec §2, §4): loaded for guest sessions only.
const DeletedProductsMessage = lazy(() =>
  import('./features/cart/deleted-products-message').then((m) => ({
    default: m.DeletedProductsMessage,
  })),
);

// Pages other than the catalogue load on first visit: the catalogue's start-up (and its offline
// reload) then parses only what it shows. The service worker precaches every chunk.
const CheckoutPage = lazy(() =>
  import('./features/checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const OrdersPage = lazy(() =>
  import('./features/orders/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const ClaimsPage = lazy(() =>
  import('./features/claims/claims-page').then((m) => ({ default: m.ClaimsPage })),
);
const CreateAccountPage = lazy(() =>
  import('./features/auth/create-account-page').then((m) => ({ default: m.CreateAccountPage })),
);
const LoginAsPage = lazy(() =>
  import('./features/auth/login-as-page').then((m) => ({ default: m.LoginAsPage })),
);
const UnsubscribePage = lazy(() =>
  import('./features/notifications/unsubscribe-page').then((m) => ({
    default: m.UnsubscribePage,
  })),
);
const DevMailboxPage = lazy(() =>
  import('./features/auth/dev-mailbox-page').then((m) => ({ default: m.DevMailboxPage })),
);
const EventsPage = lazy(() =>
  import('./features/events/events-page').then((m) => ({ default: m.EventsPage })),
);
const AccountPage = lazy(() =>
  import('./features/account/account-page').then((m) => ({ default: m.AccountPage })),
);
const StandingOrdersPage = lazy(() =>
  import('./features/standing-orders/standing-orders-page').then((m) => ({
    default: m.StandingOrdersPage,
  })),
);
const StandingOrderSuccessPage = lazy(() =>
  import('./features/standing-orders/standing-order-success-page').then((m) => ({
    default: m.StandingOrderSuccessPage,
  })),
);
const ShoppingListsPage = lazy(() =>
  import('./features/shopping-lists/shopping-lists-page').then((m) => ({
    default: m.ShoppingListsPage,
  })),
);
const CmsPage = lazy(() => import('./features/cms/cms-page').then((m) => ({ default: m.CmsPage })));
const CompanyDetailsPage = lazy(() =>
  import('./features/delivery/company-details-page').then((m) => ({
    default: m.CompanyDetailsPage,
  })),
);

/**
 * Routes of spec §2 that this build serves, inside the account and modal providers. With
 * `location`, the page at that URL as the server renders it (src/ssr/first-screen.tsx).
 */
export function App({ location }: { location?: string }) {
  const app = (
    <AriaRouter>
      <SkipLinks />
      <DocumentTitle />
      <DeferredToastRegion />
      <LoginModalProvider>
        <AuthFlows />
        <AccountBoundary>
          <DeliveryProvider>
            <AppHeader />
            <GuestBanner />
            <ExtendHoldsRedirect />
            <AccountServices />
            <main className="app-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
              <PageBoundary>
                <Suspense fallback={<PageLoading />}>
                  <Routes>
                    <Route path="/" element={<Navigate to="/shopping/home" replace />} />
                    <Route path="/shopping/home" element={<CatalogPage title="Fresh flowers" />} />
                    <Route
                      path="/shopping/products"
                      element={<CatalogPage title="All products" />}
                    />
                    <Route path="/shopping/home/company-details" element={<CompanyDetailsPage />} />
                    <Route path="/checkout" element={<CheckoutPage />} />
                    <Route path="/shopping/home/account/orders" element={<OrdersPage />} />
                    <Route path="/shopping/home/account/claims" element={<ClaimsPage />} />
                    <Route path="/shopping/home/account/lists" element={<ShoppingListsPage />} />
                    <Route
                      path="/shopping/home/account/standing-orders"
                      element={<StandingOrdersPage />}
                    />
                    <Route
                      path="/shopping/home/account/standing-orders/success"
                      element={<StandingOrderSuccessPage />}
                    />
                    <Route path="/shopping/home/account/events" element={<EventsPage />} />
                    <Route path="/shopping/home/account" element={<AccountPage />} />
                    <Route path="/shopping/create-account" element={<CreateAccountPage />} />
                    <Route path="/login_as" element={<LoginAsPage />} />
                    <Route path="/unsubscribe" element={<UnsubscribePage />} />
                    <Route path="/dev/mailbox" element={<DevMailboxPage />} />
                    <Route path="/cms/:slug" element={<CmsPage />} />
                    <Route path="*" element={<NotFoundPage />} />
                  </Routes>
                </Suspense>
              </PageBoundary>
            </main>
          </DeliveryProvider>
        </AccountBoundary>
      </LoginModalProvider>
    </AriaRouter>
  );
  // The browser's router asks before a page with unsaved typing is left (leave-guard.tsx).
  if (location === undefined) return <LeaveGuardRouter>{app}</LeaveGuardRouter>;
  return <StaticRouter location={location}>{app}</StaticRouter>;
}

/** Buyers get their account database and sync; visitors and staff browse without one. */
function AccountBoundary({ children }: { children: ReactNode }) {
  const user = useSession()?.user;
  const customerKey = user?.metadata.customer;
  const storageKey = user ? accountStorageKey(user) : null;
  if (!customerKey || !storageKey) return children;
  return (
    <Suspense
      fallback={
        <div className="app-loading">
          <Spinner aria-label="Opening your account" />
        </div>
      }
    >
      <AccountProvider key={storageKey} customerKey={customerKey} storageKey={storageKey}>
        {children}
      </AccountProvider>
    </Suspense>
  );
}

/**
 * Claim uploads and list answers, for a buyer with an account database; for a guest, the message
 * about products taken out of the cart, in whichever session acts as it: the server answers a
 * session made from an email alone with the products of its own lines only, and a staff login-as
 * session's acknowledgement forgets nothing, so the guest is still told
 * (sync-server cart/deleted-products-routes.ts).
 */
function AccountServices() {
  const db = useAccountDb();
  const user = useSession()?.user;
  if (!db) return null;
  const customerKey = user?.metadata.customer;
  const toldOfDeletions = user?.metadata.guest === true;
  return (
    <Suspense fallback={null}>
      <ClaimUploads />
      <ShoppingListAnnouncer />
      {toldOfDeletions && customerKey && (
        <DeletedProductsMessage db={db} customerKey={customerKey} />
      )}
    </Suspense>
  );
}

/** While a page's code loads (first visit of a lazy route; precached, so also offline). */
function PageLoading() {
  return (
    <div className="app-loading">
      <Spinner aria-label="Loading the page" />
    </div>
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
