import type { CmsSlug } from './cms-page-list';

/**
 * Each page's HTML, rendered and sanitised from its Markdown at build time
 * (build-plugins/markdown-pages.ts), one small chunk per page, loaded when first opened and kept.
 * The service worker precaches the chunks, so every page opens offline.
 */
const loaders = import.meta.glob<string>('./pages/*.md', { import: 'default' });

const loaded = new Map<CmsSlug, Promise<string>>();

export function cmsHtml(slug: CmsSlug): Promise<string> {
  let html = loaded.get(slug);
  if (!html) {
    const load = loaders[`./pages/${slug}.md`];
    html = load ? load() : Promise.reject(new Error(`no content page ${slug}`));
    loaded.set(slug, html);
  }
  return html;
}

/** The slugs that have a Markdown file (for the test that keeps the list in step). */
export const cmsFileSlugs = (): string[] =>
  Object.keys(loaders).map((path) => path.replace(/^\.\/pages\/|\.md$/g, ''));
