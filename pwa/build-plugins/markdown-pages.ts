import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { Plugin } from 'vite';

/**
 * Content pages (/cms/…) are Markdown files in the repository, turned into HTML once, at build
 * time, so a page costs the app no Markdown or sanitiser code and is precached like any chunk.
 */

// Raw HTML in the Markdown is shown as text, not passed through; links with a script scheme are
// refused by markdown-it's own link check.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

/**
 * What the page may contain after rendering, whatever the Markdown says: the elements Markdown
 * makes, links to this site, https, mail and phone only, and no attribute that could run code or
 * carry inline style (the strict CSP would refuse it anyway: table alignment comes as `style`).
 */
const allowList: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The page's title is its only h1 (cms-page.tsx); a heading of the file's own comes one lower.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https:/i.test(attribs.href ?? '')
        ? { ...attribs, rel: 'noopener noreferrer' }
        : attribs,
    }),
  },
  disallowedTagsMode: 'discard',
};

/** The HTML of one content page's Markdown, sanitised with the allow-list above. */
export function renderMarkdownPage(source: string): string {
  return sanitizeHtml(markdown.render(source), allowList);
}

/**
 * Vite plugin: a module `…/pages/<name>.md` of the content folder becomes
 * `export default '<its HTML>'`; any other Markdown import is left alone.
 */
export function markdownPages(): Plugin {
  return {
    name: 'stemline-markdown-pages',
    enforce: 'pre',
    transform(source, id) {
      const path = id.split('?')[0] ?? '';
      if (!/\/features\/cms\/pages\/[a-z0-9-]+\.md$/.test(path)) return null;
      return { code: `export default ${JSON.stringify(renderMarkdownPage(source))};`, map: null };
    },
  };
}
