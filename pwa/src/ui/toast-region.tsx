import type { ReactElement } from 'react';
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

/**
 * Displays the app's `toastQueue`; mount it once near the root. react-aria announces each toast,
 * pauses timers while it is hovered or focused, and makes the region reachable with F6.
 */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className="sl-toast-region">
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
