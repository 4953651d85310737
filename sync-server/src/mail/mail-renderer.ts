import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

/** The mail templates: `sync-server/mail-templates/`, files in the repository. */
export const MAIL_TEMPLATE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../mail-templates',
);

const TEMPLATE_NAME = /^[a-z0-9_]{1,40}$/;

/** A rendered mail body: the plain-text part always, the HTML part when the template has one. */
export interface RenderedMail {
  text: string;
  html?: string;
}

/**
 * Renders a mail template with Eta: `<name>.eta` is the plain-text part (nothing escaped: it is
 * not HTML), `<name>.html.eta` the HTML part when it exists (every value HTML-escaped, so a
 * company named `<script>` stays text). Names are checked, so a caller cannot reach a file
 * outside the folder.
 */
export function createMailRenderer(dir: string = MAIL_TEMPLATE_DIR) {
  // No automatic trimming: a line that ends in a value keeps its line break in plain text.
  const text = new Eta({ views: dir, autoEscape: false, autoTrim: false, cache: true });
  const html = new Eta({ views: dir, autoEscape: true, cache: true });
  const hasHtml = new Map<string, boolean>();

  return {
    render(name: string, data: object): RenderedMail {
      if (!TEMPLATE_NAME.test(name)) throw new Error(`not a mail template name: ${name}`);
      let withHtml = hasHtml.get(name);
      if (withHtml === undefined) {
        withHtml = existsSync(path.join(dir, `${name}.html.eta`));
        hasHtml.set(name, withHtml);
      }
      const rendered: RenderedMail = { text: text.render(`./${name}.eta`, data) };
      if (withHtml) rendered.html = html.render(`./${name}.html.eta`, data);
      return rendered;
    },
  };
}
export type MailRenderer = ReturnType<typeof createMailRenderer>;
