import { normalizePath, type Plugin, type Rolldown } from 'vite';

/**
 * The first screen's code in one chunk (issue 28). The page's entry (main.tsx) loads the app with
 * `import('./boot')` once the first view is painted; left to itself, the bundler splits what
 * boot.tsx needs into one chunk per set of importers: many small files, each compressed on its
 * own, so the same code costs more bytes and more requests. Here boot.tsx is made an entry of
 * its own, so that the bundler tags what it needs (`$initial`, after tree-shaking: an unused
 * re-export of a barrel is not counted), and `group` gathers those modules into one chunk,
 * `boot`; later pages import from it what they share with the first screen. What the page's
 * entry loads before the first view stays out of it.
 */
export function firstScreenChunk(app = 'src/boot.tsx') {
  /** Modules the page's other entries (index.html → main.tsx) load statically. */
  const beforeApp = new Set<string>();
  let appId = '';

  const plugin: Plugin = {
    name: 'stemline:first-screen-chunk',
    apply: 'build',
    configResolved(config) {
      appId = normalizePath(`${config.root}/${app}`);
    },
    options(options) {
      const input = options.input;
      if (typeof input === 'string') return { ...options, input: [input, appId] };
      if (Array.isArray(input)) return { ...options, input: [...input, appId] };
      return { ...options, input: { ...input, boot: appId } };
    },
    buildEnd() {
      beforeApp.clear();
      const pending = [...this.getModuleIds()].filter(
        (id) => id !== appId && this.getModuleInfo(id)?.isEntry,
      );
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (beforeApp.has(id)) continue;
        beforeApp.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };

  const group: Rolldown.CodeSplittingGroup = {
    name: 'boot',
    tags: ['$initial'],
    // Virtual modules (the bundler's runtime, Vite's preload helper) serve the page's entry too.
    test: (id) => !beforeApp.has(id) && !id.startsWith('\0'),
    // What the tag marks is closed under static imports already; a dependency shared with the
    // page's entry (Vite's preload helper) stays outside, or the entry would load this chunk.
    includeDependenciesRecursively: false,
  };

  return { plugin, group };
}
