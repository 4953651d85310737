import { describe, expect, it } from 'vitest';
import { renderMarkdownPage } from './markdown-pages';

describe('renderMarkdownPage', () => {
  it('renders the Markdown a content page uses', () => {
    const html = renderMarkdownPage(
      '## Orders\n\nWe ship **boxes** from [our farms](/cms/shipping).\n\n- one\n- two\n',
    );
    expect(html).toBe(
      '<h2>Orders</h2>\n<p>We ship <strong>boxes</strong> from <a href="/cms/shipping">our farms</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  /** The page's real elements (escaped text such as `&lt;script&gt;` is not one). */
  const tags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];

  it.each<[string, string, RegExp]>([
    ['a script element', '<script>alert(1)</script>', /^<script/i],
    ['an event handler', '<img src=x onerror="alert(1)">', /\son\w+=/i],
    ['an inline style', '<p style="color:red">x</p>', /\sstyle=/i],
    ['a javascript: link', '[click](javascript:alert(1))', /href="\s*javascript/i],
    ['an encoded javascript: link', '[click](jav&#x61;script:alert(1))', /href="\s*jav/i],
    ['a data: link', '[click](data:text/html;base64,PHNjcmlwdD4=)', /href="\s*data/i],
    ['a vbscript: link', '[click](vbscript:msgbox)', /href="\s*vbscript/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /^<iframe/i],
    ['a protocol-relative link', '[x](//evil.example/a)', /href="\/\//i],
    ['an http link', '[x](http://evil.example/a)', /href="http:/i],
    ['an image', '![x](https://evil.example/pixel.png)', /^<img/i],
  ])('never lets %s through', (_, source, forbidden) => {
    const html = renderMarkdownPage(source);
    expect(html).not.toBe('');
    expect(tags(html).filter((tag) => forbidden.test(tag))).toEqual([]);
  });

  it('shows raw HTML as text instead of dropping what the writer typed', () => {
    expect(renderMarkdownPage('Use <b>bold</b>')).toBe('<p>Use &lt;b&gt;bold&lt;/b&gt;</p>\n');
  });

  it('puts a heading of the file under the page title, and opens https links without referrer', () => {
    expect(renderMarkdownPage('# Title')).toBe('<h2>Title</h2>\n');
    expect(renderMarkdownPage('[Carrier](https://carrier.example/track)')).toBe(
      '<p><a href="https://carrier.example/track" rel="noopener noreferrer">Carrier</a></p>\n',
    );
  });

  it('drops table alignment, which would be an inline style', () => {
    const html = renderMarkdownPage('| a | b |\n|--:|:-:|\n| 1 | 2 |\n');
    expect(html).toContain('<th>a</th>');
    expect(html).not.toContain('style');
  });
});
