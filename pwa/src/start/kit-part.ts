// The second part of the app's start (main.tsx): the chunk this module is bundled into holds the
// first screen's libraries (react-aria, zod, the list's virtualizer), which evaluate with it. It
// must import libraries only: an app module here would make that chunk load the app's. The app
// takes react-aria's RouterProvider from here, so that this module is part of the first screen.
export { RouterProvider } from 'react-aria-components';
