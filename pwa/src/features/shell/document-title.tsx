import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { routeTitle } from './route-title';

/** Keeps `document.title` on the current route's name (route-title.ts); renders nothing. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = routeTitle(pathname);
  }, [pathname]);
  return null;
}
