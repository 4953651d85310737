import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import './skip-link.css';

/** The id of the page's `<main>` (app.tsx). */
export const MAIN_CONTENT_ID = 'main';
/** The id of the catalogue's results, after its search and filters (catalog-page.tsx). */
export const PRODUCTS_ID = 'products';

const CATALOGUE_PATHS: ReadonlySet<string> = new Set(['/shopping/home', '/shopping/products']);

/**
 * The first things a keyboard reaches on every page, shown only while focused: 'Skip to main
 * content' moves focus to `<main>`, past the header; on the catalogue, 'Skip to products' moves
 * it to the results, past the search and some 30 filter choices, so the next Tabs reach the first
 * card. Native anchors rather than ui's Link: react-aria's router would treat `#main` as a
 * navigation and put it in the URL, which the catalogue keeps for its view.
 */
export function SkipLinks() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink target={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      {CATALOGUE_PATHS.has(pathname) && <SkipLink target={PRODUCTS_ID}>Skip to products</SkipLink>}
    </>
  );
}

function SkipLink({ target, children }: { target: string; children: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    // The catalogue shows no results while its date loads: then the page itself.
    const element = document.getElementById(target) ?? document.getElementById(MAIN_CONTENT_ID);
    if (!element) return;
    event.preventDefault();
    element.focus();
  }
  return (
    <a className="skip-link" href={`#${target}`} onClick={skip}>
      {children}
    </a>
  );
}
