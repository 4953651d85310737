import { useLayoutEffect, useState, type CSSProperties, type ReactElement } from 'react';
import {
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContentBox,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { IconButton } from './icon-button';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { uiLabels } from './labels';
import { toastQueue, type ToastVariant } from './toast-queue';
import './motion.css';
import './toast-region.css';

const variantIcon: Record<ToastVariant, ReactElement> = {
  success: <CheckIcon />,
  error: <AlertIcon />,
  info: <InfoIcon />,
};

/** The page's banner: its first `header` outside main, article, aside, nav and section. */
function pageBanner(): Element | null {
  return (
    [...document.querySelectorAll('header')].find(
      (header) => !header.parentElement?.closest('main, article, aside, nav, section'),
    ) ?? null
  );
}

/**
 * How far down the screen the page's header reaches (0 without one), followed as toasts come and
 * go, the window is resized and the header grows (its links appear after logging in).
 */
function useBannerBottom(): number {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    let observed: Element | null = null;
    const measure = () => {
      const banner = pageBanner();
      if (banner !== observed) {
        if (observed) resized.unobserve(observed);
        if (banner) resized.observe(banner);
        observed = banner;
      }
      setBottom(banner ? Math.max(0, Math.round(banner.getBoundingClientRect().bottom)) : 0);
    };
    const resized = new ResizeObserver(measure);
    measure();
    const unsubscribe = toastQueue.subscribe(measure);
    window.addEventListener('resize', measure);
    return () => {
      unsubscribe();
      resized.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return bottom;
}

/**
 * Displays the app's `toastQueue`; mount it once near the root. react-aria announces each toast,
 * pauses timers while it is hovered or focused, and makes the region reachable with F6. The
 * region sits under the page's header: over it, a toast hid the header's links, and a pointer
 * resting on it kept it open (a test timed out pressing Account under one).
 */
export function ToastRegion() {
  const bannerBottom = useBannerBottom();
  return (
    <AriaToastRegion
      queue={toastQueue}
      className="sl-toast-region"
      style={{ '--sl-toast-banner-bottom': `${bannerBottom}px` } as CSSProperties}
    >
      {({ toast }) => (
        <Toast toast={toast} className="sl-toast" data-variant={toast.content.variant}>
          <span className="sl-toast__icon">{variantIcon[toast.content.variant]}</span>
          <ToastContentBox className="sl-toast__content">
            <Text slot="title" className="sl-toast__title">
              {toast.content.title}
            </Text>
            {toast.content.description !== undefined && (
              <Text slot="description" className="sl-toast__description">
                {toast.content.description}
              </Text>
            )}
          </ToastContentBox>
          <IconButton
            slot="close"
            size="sm"
            className="sl-toast__close"
            aria-label={uiLabels.dismiss}
            icon={<CloseIcon />}
          />
        </Toast>
      )}
    </AriaToastRegion>
  );
}
