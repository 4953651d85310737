import { normalizePath, type Plugin, type Rolldown } from 'vite';

const CSS = /\.css($|\?)/;

/** A part of the first screen's code evaluated before the rest: see `firstScreenChunk`. */
export interface FirstScreenPart {
  /** The chunk's name. */
  name: string;
  /** The app's module main.tsx imports to evaluate this part; bundled into it. */
  anchor: string;
  /** The libraries' modules this part holds. */
  test: RegExp;
}

/**
 * The first screen's code in a few chunks evaluated one task apiece (issue 28). The page's entry
 * (main.tsx) loads the app once the first view is painted; left to itself, the bundler splits what
 * boot.tsx needs into one chunk per set of importers: many small files, each compressed on its
 * own, so the same code costs more bytes and more requests. Here boot.tsx is made an entry of
 * its own, so that the bundler tags what it needs (`$initial`, after tree-shaking: an unused
 * re-export of a barrel is not counted), and `groups` gathers those modules into `parts` (each
 * with the libraries its `test` matches and its anchor module) and one last chunk, `boot`, with
 * the rest; later pages import from them what they share with the first screen. One chunk was
 * one evaluation task of 30-40 ms on this machine, counted four times by Lighthouse's phone
 * simulation: main.tsx imports each part's anchor in a task of its own before boot.tsx. What the
 * page's entry loads before the first view stays out of them.
 */
export function firstScreenChunk(app: string, parts: readonly FirstScreenPart[]) {
  /** Modules the page's other entries (index.html → main.tsx) load statically. */
  const beforeApp = new Set<string>();
  let appId = '';
  const anchorIds = new Map<string, string>();
  /** The first part's chunk, and every chunk of the first screen (boot's static closure). */
  let firstPartFile = '';
  let firstScreenFiles: string[] = [];

  const plugin: Plugin = {
    name: 'stemline:first-screen-chunk',
    apply: 'build',
    configResolved(config) {
      appId = normalizePath(`${config.root}/${app}`);
      for (const part of parts)
        anchorIds.set(part.name, normalizePath(`${config.root}/${part.anchor}`));
    },
    config: () => ({ build: { modulePreload: { polyfill: false, resolveDependencies } } }),
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
    // Before Vite's own generateBundle writes the preload lists (resolveDependencies).
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const firstAnchor = anchorIds.get(parts[0]?.name ?? '');
        firstPartFile = chunks.find((c) => c.facadeModuleId === firstAnchor)?.fileName ?? '';
        const files = new Set<string>();
        const pending = chunks.filter((c) => c.facadeModuleId === appId).map((c) => c.fileName);
        for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
          const chunk = bundle[file];
          if (files.has(file) || chunk?.type !== 'chunk') continue;
          files.add(file);
          // A stylesheet's placeholder chunk: Vite drops it from the build (the CSS is linked).
          if (chunk.moduleIds.every((id) => CSS.test(id))) files.delete(file);
          pending.push(...chunk.imports);
        }
        firstScreenFiles = [...files];
      },
    },
  };

  /**
   * What a dynamic import preloads. The page's entry imports the first part first: with it, the
   * whole first screen is fetched at once, and each later part is evaluated as soon as its turn
   * comes rather than once its download, started only then, is over.
   */
  function resolveDependencies(
    filename: string,
    deps: string[],
    context: { hostType: 'html' | 'js' },
  ): string[] {
    if (context.hostType !== 'js' || filename !== firstPartFile) return deps;
    return [...new Set([...deps, ...firstScreenFiles])];
  }

  // Virtual modules (the bundler's runtime, Vite's preload helper) serve the page's entry too.
  const inApp = (id: string) => !beforeApp.has(id) && !id.startsWith('\0');
  const groups: Rolldown.CodeSplittingGroup[] = [
    ...parts.map((part) => ({
      name: part.name,
      tags: ['$initial' as const],
      priority: 1,
      test: (id: string) => inApp(id) && (id === anchorIds.get(part.name) || part.test.test(id)),
      includeDependenciesRecursively: false,
    })),
    {
      name: 'boot',
      tags: ['$initial'],
      test: inApp,
      // What the tag marks is closed under static imports already; a dependency shared with the
      // page's entry (Vite's preload helper) stays outside, or the entry would load this chunk.
      includeDependenciesRecursively: false,
    },
  ];

  return { plugin, groups };
}
