import type { ReactNode } from 'react';
import {
  Dialog,
  Heading,
  Modal,
  ModalOverlay,
  Text,
  type ModalOverlayProps,
} from 'react-aria-components';
import { cx } from './class-names';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import { uiLabels } from './labels';
import './motion.css';
import './modal-dialog.css';

/** Opens a `ModalDialog` from its first child (a `Button`), without managing state yourself. */
export { DialogTrigger } from 'react-aria-components';

type DialogContent = ReactNode | ((actions: { close: () => void }) => ReactNode);

export interface ModalDialogProps extends Omit<ModalOverlayProps, 'children' | 'className'> {
  /** Rendered as the dialog's `Heading slot="title"`, which names the dialog. */
  title: ReactNode;
  /** A line under the title; it becomes the dialog's description. */
  subtitle?: ReactNode | undefined;
  children: DialogContent;
  /** The action row, e.g. Cancel and a primary `Button`; stays visible while the body scrolls. */
  footer?: DialogContent | undefined;
  /** Maximum width on tablet and desktop: `sm` 24rem, `md` 32rem, `lg` 48rem. Default `md`. */
  size?: 'sm' | 'md' | 'lg' | undefined;
  /** Use `alertdialog` for confirmations that interrupt; it is then not dismissed by a click outside. */
  role?: 'dialog' | 'alertdialog' | undefined;
  /** Hides the × button; keep another way to close in the footer. */
  hideCloseButton?: boolean | undefined;
  className?: string | undefined;
}

/**
 * A modal dialog: a bottom sheet on phones (≤639px) and a centred card from 640px up. react-aria
 * traps and restores focus, hides the rest of the page from assistive technology, closes on Escape
 * and locks scrolling. Controlled with `isOpen`/`onOpenChange`, or placed inside a `DialogTrigger`.
 */
export function ModalDialog({
  title,
  subtitle,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  hideCloseButton = false,
  className,
  ...props
}: ModalDialogProps) {
  const render = (content: DialogContent, close: () => void) =>
    typeof content === 'function' ? content({ close }) : content;
  return (
    <ModalOverlay isDismissable={role === 'dialog'} {...props} className="sl-modal-overlay">
      <Modal className={cx('sl-modal', className)} data-size={size}>
        <Dialog className="sl-dialog" role={role}>
          {({ close }) => (
            <>
              <div className="sl-dialog__grabber" aria-hidden="true" />
              {/* Divs, not <header>/<footer>: those would be banner and contentinfo landmarks
                  inside the dialog, beside the page's own. */}
              <div className="sl-dialog__header">
                <div className="sl-dialog__titles">
                  <Heading slot="title" className="sl-dialog__title">
                    {title}
                  </Heading>
                  {subtitle !== undefined && (
                    <Text slot="description" className="sl-dialog__subtitle">
                      {subtitle}
                    </Text>
                  )}
                </div>
                {!hideCloseButton && (
                  <IconButton
                    slot="close"
                    className="sl-dialog__close"
                    aria-label={uiLabels.close}
                    icon={<CloseIcon />}
                  />
                )}
              </div>
              <div className="sl-dialog__body">{render(children, close)}</div>
              {footer !== undefined && (
                <div className="sl-dialog__footer">{render(footer, close)}</div>
              )}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
