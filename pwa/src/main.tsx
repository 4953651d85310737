// The UI kit's CSS first: imports run in order, so feature CSS (imported by the features that
// `App` pulls in) comes after it and overrides `.sl-*` rules with single class selectors.
import './ui/tokens.css';
import './ui/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './app.css';
import { registerServiceWorker } from './features/shell/sw-update';

registerServiceWorker();
void navigator.storage?.persist?.();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
