import { App } from './app';
import './app.css';
import { registerServiceWorker } from './features/shell/sw-update';
import { hasStoredSession } from './session/session-store';
import { createRoot, StrictMode, startTransition } from './start/react-part';
import { loadStartSchemas } from './storage/start-schemas-loader';

registerServiceWorker();
void navigator.storage?.persist?.();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A stored session is read with its schema, which a visitor's first screen goes without: a start
// with one waits for it, so the first render already shows that session (issue 28). Not a
// top-level await: the schemas' chunk imports from this one, which must finish evaluating first.
const ready = hasStoredSession() ? loadStartSchemas().catch(() => undefined) : undefined;
// The first render is a transition, which React renders in slices of about 5 ms with the browser's
// work between them: as an ordinary update it was one task of 300-400 ms on a phone (4x CPU slower
// than this machine), and a tap waited for all of it (issue 28). The page shows nothing of the app
// before its first commit either way.
void Promise.resolve(ready).then(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
