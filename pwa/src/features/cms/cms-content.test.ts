import { describe, expect, it } from 'vitest';
import { cmsFileSlugs, cmsHtml } from './cms-content';
import { CMS_PAGES, cmsPageOf } from './cms-page-list';

describe('content pages', () => {
  it('lists exactly the Markdown files of the pages folder', () => {
    expect(cmsFileSlugs().sort()).toEqual(CMS_PAGES.map((page) => page.slug).sort());
  });

  it.each(CMS_PAGES.map((page) => page.slug))('renders %s to HTML at build time', async (slug) => {
    const html = await cmsHtml(slug);
    expect(html).toMatch(/^<(p|h2)>/);
    expect(html).not.toMatch(/<h1|<script|\sstyle=|\son\w+=/i);
  });

  it.each(['', 'Terms', '../terms', 'terms.md', 'constructor', '__proto__', undefined])(
    'knows no page %s',
    (slug) => {
      expect(cmsPageOf(slug)).toBeUndefined();
    },
  );
});
