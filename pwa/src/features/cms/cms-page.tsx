import { use, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../ui';
import { NotFoundPage } from '../shell/not-found-page';
import { cmsHtml } from './cms-content';
import { CMS_PAGES, cmsPageOf, cmsPath, type CmsSlug } from './cms-page-list';
import './cms.css';

/**
 * A content page (/cms/<slug>, spec §2): its title, its Markdown's HTML (sanitised at build
 * time), and links to the other pages. The welcome modal stays away here (welcome-rules.ts).
 */
export function CmsPage() {
  const page = cmsPageOf(useParams().slug);
  if (!page) return <NotFoundPage />;
  return <CmsArticle slug={page.slug} title={page.title} />;
}

function CmsArticle({ slug, title }: { slug: CmsSlug; title: string }) {
  const html = use(cmsHtml(slug));
  const navigate = useNavigate();
  // The page's own links to this site stay in the app, as the app's links do.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <article className="cms-page" aria-labelledby="cms-title">
      <h1 id="cms-title">{title}</h1>
      <div
        className="cms-page__body"
        onClick={followInternalLink}
        // Rendered from the repository's Markdown and sanitised with an allow-list at build
        // time (build-plugins/markdown-pages.ts): no script, handler or style can be in it.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <nav className="cms-page__more" aria-label="More information">
        <ul>
          {CMS_PAGES.filter((other) => other.slug !== slug).map((other) => (
            <li key={other.slug}>
              <Link href={cmsPath(other.slug)}>{other.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
