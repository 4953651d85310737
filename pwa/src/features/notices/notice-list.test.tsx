import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';
import { NoticeList } from './notice-list';

const notice = (key: string, message: string): NoticeDoc => ({
  key,
  kind: 'price_changed',
  message,
  created_at: 1,
  seq: 1,
});

describe('the notice list', () => {
  it('reads each Dismiss with the notice it dismisses', () => {
    const html = renderToString(
      <NoticeList
        db={{} as AccountDb}
        notices={[notice('n-a', 'Freedom went up'), notice('n-b', 'Your hold ended')]}
      />,
    );
    // Each button's description is the text of the element it names.
    const described = [...html.matchAll(/aria-describedby="([^"]+)"/g)].map(
      ([, id]) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1],
    );
    expect(described).toEqual(['Freedom went up', 'Your hold ended']);
  });
});
