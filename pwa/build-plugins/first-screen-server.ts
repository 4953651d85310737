import path from 'node:path';
import { build, type LogLevel, type Plugin } from 'vite';

/** Where, inside the PWA's build, the server finds the first screen's renderer. */
export const FIRST_SCREEN_SERVER_DIR = 'ssr';

/**
 * Builds, beside the app, the renderer of a visitor's first catalogue screen (issue 28:
 * src/ssr/first-screen.tsx) into `<outDir>/ssr/first-screen.js`, which the server runs
 * (sync-server/src/http/first-screen.ts). One self-contained ES module: the server loads it from
 * wherever the build was written, where no node_modules folder resolves its imports.
 */
export function firstScreenServer(entry = 'src/ssr/first-screen.tsx'): Plugin {
  let outDir = '';
  let configFile: string | false = false;
  let logLevel: LogLevel = 'info';
  return {
    name: 'stemline:first-screen-server',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile ?? false;
      logLevel = config.logLevel ?? 'info';
    },
    async closeBundle() {
      await build({
        configFile,
        logLevel,
        build: {
          ssr: entry,
          outDir: path.join(outDir, FIRST_SCREEN_SERVER_DIR),
          emptyOutDir: true,
          minify: false,
        },
      });
    },
  };
}
