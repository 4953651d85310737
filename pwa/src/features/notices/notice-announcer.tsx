import { useEffect, useRef } from 'react';
import type { NoticeDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';

/** Toasts each notice once per tab as it arrives; the cart keeps listing it until dismissed. */
export function NoticeAnnouncer({ notices }: { notices: NoticeDoc[] }) {
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const notice of notices) {
      if (announced.current.has(notice.key)) continue;
      announced.current.add(notice.key);
      showToast({ title: notice.message, variant: 'info', timeout: 0 });
    }
  }, [notices]);
  return null;
}
