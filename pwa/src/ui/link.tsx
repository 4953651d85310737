import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import type { ButtonSize, ButtonVariant } from './button';
import { withBaseClass } from './class-names';
import './button.css';
import './link.css';

export type LinkProps = AriaLinkProps;

/**
 * An inline text link. Internal `href`s go through the app's react-aria `RouterProvider`, so
 * client-side navigation works without a separate router link.
 */
export function Link({ className, ...props }: LinkProps) {
  return <AriaLink {...props} className={withBaseClass('sl-link', className)} />;
}

export interface LinkButtonProps extends AriaLinkProps {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
}

/** A link that navigates but looks like a `Button` (same variants, sizes and touch target). */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  className,
  ...props
}: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      className={withBaseClass('sl-button', className)}
      data-variant={variant}
      data-size={size}
    />
  );
}
