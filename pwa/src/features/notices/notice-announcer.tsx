import { useEffect, useRef } from 'react';
import type { NoticeDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';

/** How long a notice's toast stays: the cart keeps listing the notice until it is dismissed. */
const NOTICE_TOAST_MS = 10_000;

/**
 * Toasts each notice once per tab as it arrives. The toast goes by itself: a toast that stayed
 * until closed would cover a phone's dialog buttons (the calendar's 'Deliver on …') meanwhile.
 */
export function NoticeAnnouncer({ notices }: { notices: NoticeDoc[] }) {
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const notice of notices) {
      if (announced.current.has(notice.key)) continue;
      announced.current.add(notice.key);
      showToast({ title: notice.message, variant: 'info', timeout: NOTICE_TOAST_MS });
    }
  }, [notices]);
  return null;
}
