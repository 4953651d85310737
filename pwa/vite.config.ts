import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunk } from './build-plugins/first-screen-chunk';
import { firstScreenServer } from './build-plugins/first-screen-server';
import { markdownPages } from './build-plugins/markdown-pages';

const apiTarget = process.env.STEMLINE_API ?? 'http://localhost:8080';
// The first screen's code in three chunks, each evaluated in a task of its own (main.tsx):
// React's runtime and the router, then the UI libraries and zod, then the app.
const firstScreen = firstScreenChunk('src/boot.tsx', [
  {
    name: 'boot-react',
    anchor: 'src/start/react-part.ts',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store)[\\/]/,
  },
  {
    name: 'boot-kit',
    anchor: 'src/start/kit-part.ts',
    test: /[\\/]node_modules[\\/](@react-aria|react-aria|react-aria-components|@react-stately|react-stately|@internationalized|@tanstack|zod|@swc|clsx)[\\/]/,
  },
]);

export default defineConfig(({ isSsrBuild }) => ({
  // The build of a visitor's first screen for the server (build-plugins/first-screen-server.ts):
  // the app's components without the service worker, the public files or the app's chunking.
  ...(isSsrBuild ? ssrBuild : {}),
  plugins: [
    // Content pages (/cms/…): their Markdown becomes sanitised HTML at build time.
    markdownPages(),
    react(),
    ...(isSsrBuild ? [] : [firstScreen.plugin, firstScreenServer()]),
    // The app speaks English: react-aria's strings (labels it announces) in its ~34 other
    // languages stay out of the bundle, where they were a large part of the first screen's
    // JavaScript (issue 28). Another language falls back to these strings.
    optimizeLocales.vite({ locales: ['en-US'] }),
    !isSsrBuild &&
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        includeAssets: ['favicon.svg', 'icons/*.png', 'icons/*.svg'],
        manifest: {
          id: '/shopping/home',
          name: 'Stemline — wholesale fresh flowers',
          short_name: 'Stemline',
          description:
            'Live prices from more than 100 flower farms, for florists and event designers.',
          start_url: '/shopping/home',
          scope: '/',
          display: 'standalone',
          background_color: '#f8f9f6',
          theme_color: '#1b5235',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          // The server's renderer of a first screen (build-plugins/first-screen-server.ts).
          globIgnores: ['ssr/**'],
          navigateFallback: '/index.html',
          // /admin is the external admin app (a placeholder page on this server by default).
          navigateFallbackDenylist: [/^\/api\//, /^\/admin(\/|$)/],
          cleanupOutdatedCaches: true,
          // No sw.js.map or workbox-*.js.map in dist/ (follows build.sourcemap; said here plainly).
          sourcemap: false,
          runtimeCaching: [
            {
              // Variety images: immutable URLs (they change with what the drawing depends on).
              urlPattern: ({ url }) => url.pathname.startsWith('/api/variety/image/'),
              handler: 'CacheFirst',
              options: {
                cacheName: 'variety-images',
                expiration: { maxEntries: 12_000, maxAgeSeconds: 365 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
              },
            },
            {
              // Account managers' drawn portraits: immutable URLs too; the help menu shows one offline.
              urlPattern: ({ url }) => url.pathname.startsWith('/api/customer/manager/photo/'),
              handler: 'CacheFirst',
              options: {
                cacheName: 'manager-photos',
                expiration: { maxEntries: 20, maxAgeSeconds: 365 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
              },
            },
          ],
        },
      }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // Source maps would publish the original TypeScript (issue 21 §5); `npm run dev` still has
    // them, and the server refuses any .map path (sync-server/src/http/spa.ts).
    sourcemap: false,
    // One stylesheet, linked from index.html: the catalogue's first view (index.html) is painted
    // before the app's code loads, so every feature's CSS must already be there.
    cssCodeSplit: false,
    // Every browser the build targets preloads modules itself (Safari from 17, Firefox from 115);
    // the polyfill would run in the page's entry before the first view (issue 28). What a dynamic
    // import preloads: build-plugins/first-screen-chunk.ts.
    // The server's renderer runs from disk, never downloaded: its size costs nobody a download.
    ...(isSsrBuild ? { chunkSizeWarningLimit: 10_000 } : {}),
    rolldownOptions: isSsrBuild
      ? // The service worker's registration is imported in the browser only (sw-update.ts).
        { external: ['virtual:pwa-register'] }
      : {
          output: { codeSplitting: { groups: firstScreen.groups } },
          // A zod schema built and never used (a response nobody parses in the app) is dropped:
          // building schemas is most of what the account chunks' evaluation costs (issue 28).
          treeshake: { manualPureFunctions: ['z'] },
        },
  },
}));

const ssrBuild: UserConfig = {
  publicDir: false,
  // Every dependency in the bundle: the server loads it from the build's folder.
  ssr: { noExternal: true },
  // Bundled, React and the others read NODE_ENV as they run: the server's process may not set it,
  // and their development builds render slower and warn.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};
