import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../ui';
import './page-boundary.css';

interface BoundaryProps {
  children: ReactNode;
  /** The page's path: another page starts afresh. */
  path: string;
}

interface BoundaryState {
  failed: boolean;
  path: string;
}

/**
 * What shows when a page cannot: its code did not arrive (a device offline before the service
 * worker stored the app, or a release that replaced the chunk) or it failed to render. Without
 * it, React unmounts the whole app and the buyer is left with a blank screen and no way on. The
 * header stays, so other pages remain a tap away; Reload tries again, and a page that failed
 * offline reloads by itself once the connection is back (a failed import is not retried by
 * React.lazy, only by a new page).
 */
class PageFailure extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[stemline] a page could not open', error, info.componentStack);
    if (!navigator.onLine) window.addEventListener('online', reload, { once: true });
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', reload);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page-failure" role="alert" aria-labelledby="page-failure-title">
        <h1 id="page-failure-title">This page could not open</h1>
        <p>
          {navigator.onLine
            ? 'Reload to try again. If Stemline was just updated, reloading brings the new version.'
            : 'You are offline, and this page is not stored on this device yet. It opens by itself once you are back online.'}
        </p>
        <Button onPress={reload}>Reload</Button>
      </section>
    );
  }
}

function reload(): void {
  window.location.reload();
}

/** Keeps a page that cannot open from blanking the app (`PageFailure`), per route. */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageFailure path={pathname}>{children}</PageFailure>;
}
