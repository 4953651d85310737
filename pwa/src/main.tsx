// The UI kit's CSS first: imports run in order, so feature CSS (imported by the features that
// `App` pulls in) comes after it and overrides `.sl-*` rules with single class selectors.
import './ui/tokens.css';
import './ui/components.css';

declare global {
  interface Window {
    /** index.html: settles once the catalogue's first view is painted; null without one. */
    stemlineFirstView?: Promise<void> | null;
  }
}

// The app (boot.tsx) starts after a first view index.html laid has been painted: evaluating the
// app's code is one long task, which would otherwise come before that paint.
await window.stemlineFirstView;
await import('./boot');
