import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './app.css';
import { registerServiceWorker } from './features/shell/sw-update';
import { hasStoredSession } from './session/session-store';
import { loadStartSchemas } from './storage/start-schemas-loader';

registerServiceWorker();
void navigator.storage?.persist?.();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A stored session is read with its schema, which a visitor's first screen goes without: a start
// with one waits for it, so the first render already shows that session (issue 28). Not a
// top-level await: the schemas' chunk imports from this one, which must finish evaluating first.
const ready = hasStoredSession() ? loadStartSchemas().catch(() => undefined) : undefined;
void Promise.resolve(ready).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
