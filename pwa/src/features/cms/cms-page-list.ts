/**
 * The content pages (/cms/<slug>): each a Markdown file `pages/<slug>.md`, titled here (its
 * heading on the page and in the tab). cms-content.test.ts keeps this list and the files in step.
 */
export const CMS_PAGES = [
  { slug: 'terms', title: 'Terms of use' },
  { slug: 'privacy', title: 'Privacy policy' },
  { slug: 'faq', title: 'Frequently asked questions' },
  { slug: 'claim-policy', title: 'Claim policy' },
  { slug: 'shipping', title: 'Shipping and delivery' },
] as const;

export type CmsSlug = (typeof CMS_PAGES)[number]['slug'];

export const cmsPath = (slug: CmsSlug): string => `/cms/${slug}`;

/** The page of a slug from a URL, or undefined for any other text. */
export function cmsPageOf(slug: string | undefined): (typeof CMS_PAGES)[number] | undefined {
  return CMS_PAGES.find((page) => page.slug === slug);
}
