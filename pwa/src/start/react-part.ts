// The first part of the app's start (main.tsx): React's CommonJS bodies run as this module
// evaluates, in a task of their own, rather than in the app's one evaluation task (issue 28).
export { createRoot } from 'react-dom/client';
export { StrictMode, startTransition } from 'react';
