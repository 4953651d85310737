import type { CSSProperties, HTMLAttributes } from 'react';
import { cx } from './class-names';
import './motion.css';
import './skeleton.css';

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** `text` is a line of body text, `block` a box (image, card), `circle` an avatar or swatch. */
  shape?: 'text' | 'block' | 'circle' | undefined;
  /** Any CSS length; numbers are pixels. Text defaults to the full width. */
  width?: string | number | undefined;
  height?: string | number | undefined;
  /** Reserve an image's box before it loads, e.g. `"4 / 3"`. */
  aspectRatio?: string | undefined;
  /** For `text`: how many lines; the last one is shorter, like a real paragraph. */
  lines?: number | undefined;
}

/**
 * A placeholder with the size of the content to come, so nothing moves when the data arrives.
 * It is hidden from assistive technology: mark the loading region itself with `aria-busy`.
 */
export function Skeleton({
  shape = 'text',
  width,
  height,
  aspectRatio,
  lines = 1,
  className,
  style,
  ...props
}: SkeletonProps) {
  const box: CSSProperties = { width, height, aspectRatio, ...style };
  if (shape === 'text' && lines > 1) {
    return (
      <div {...props} className={cx('sl-skeleton-lines', className)} style={box} aria-hidden="true">
        {Array.from({ length: lines }, (_, line) => (
          <div key={line} className="sl-skeleton" data-shape="text" />
        ))}
      </div>
    );
  }
  return (
    <div
      {...props}
      className={cx('sl-skeleton', className)}
      data-shape={shape}
      style={box}
      aria-hidden="true"
    />
  );
}
