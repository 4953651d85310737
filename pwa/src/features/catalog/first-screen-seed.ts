import { createContext } from 'react';
import type { CatalogHeadAnswer } from './catalog-api';

/**
 * The head of a date's copy given to the server's render of a visitor's first screen
 * (src/ssr/first-screen.tsx): that render has no effects, so the page's cards come from it in
 * the render itself (use-catalog-head.ts). In the browser there is none: the page downloads the
 * head.
 */
export interface FirstScreenSeed {
  date: number;
  head: CatalogHeadAnswer;
}

export const FirstScreenSeedContext = createContext<FirstScreenSeed | null>(null);
