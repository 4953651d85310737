/**
 * What of the page a first view keeps (first-view.ts): only what the first screen shows, as
 * light as it can be painted. index.html parses and paints this copy before any of the app's code
 * runs, so every node in it is time a warm reload waits for its first card.
 */

/** An element's vertical extent on the page, in CSS pixels from the top of the viewport. */
export interface VerticalBox {
  top: number;
  bottom: number;
}

export interface FirstViewTrimOptions<E> {
  /** The viewport's height: what starts at or below it is off the first screen. */
  viewportHeight: number;
  /** Where a live element lies (`getBoundingClientRect` on the page; a stand-in in tests). */
  box(element: E): VerticalBox;
}

/** The part of a DOM element the trimming uses (a DOM `Element` is one; tests use stand-ins). */
export interface TrimmableElement {
  readonly localName: string;
  readonly children: ArrayLike<TrimmableElement>;
  /** Present on HTML and SVG elements. */
  readonly style?: { minHeight: string };
  getAttributeNames(): string[];
  removeAttribute(name: string): void;
  remove(): void;
}

/**
 * Pictures load and decode (each an SVG document) before the view is complete, and the copy is
 * gone within moments: the colour swatch under each picture shows instead. An SVG's title only
 * names it for assistive technology.
 */
const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'img',
  'picture',
  'video',
  'iframe',
  'title',
]);

/**
 * Attributes only the app's code or assistive technology reads. The copy is inert and hidden
 * from assistive technology, and no style rule selects on these (aria-current is styled; data-*
 * state attributes such as data-selected and data-disabled are styled, so they stay). Ids would
 * otherwise be doubled while the copy and the app's page are both there.
 */
export function isDroppedAttribute(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower === 'id' ||
    lower === 'tabindex' ||
    lower === 'role' ||
    lower === 'focusable' ||
    lower === 'for' ||
    lower === 'data-testid' ||
    lower === 'data-rac' ||
    lower === 'data-discover' ||
    lower.startsWith('data-react-aria') ||
    (lower.startsWith('aria-') && lower !== 'aria-current')
  );
}

/**
 * Trims `copy`, a deep clone of `live`, to `live`'s first screen: elements that start at or below
 * the viewport's bottom are removed; those that straddle it keep only their children that show,
 * and their height (as a min-height), so nothing shown moves; pictures and attributes only the
 * app needs are removed everywhere. `live` is only measured, never changed.
 */
export function trimFirstViewCopy<E extends TrimmableElement>(
  live: E,
  copy: E,
  options: FirstViewTrimOptions<E>,
): void {
  keepFirstScreen(live, copy, options);
  lighten(copy);
}

/**
 * Walks `live` and its clone `copy` side by side, removing from the copy what is off screen;
 * true when anything was removed.
 */
function keepFirstScreen<E extends TrimmableElement>(
  live: E,
  copy: E,
  options: FirstViewTrimOptions<E>,
): boolean {
  const liveChildren = Array.from(live.children) as E[];
  const copyChildren = Array.from(copy.children) as E[];
  let removed = false;
  liveChildren.forEach((liveChild, index) => {
    const copyChild = copyChildren[index];
    if (!copyChild) return;
    const { top, bottom } = options.box(liveChild);
    if (top >= options.viewportHeight) {
      copyChild.remove();
      removed = true;
    } else if (bottom > options.viewportHeight || bottom <= top) {
      // Straddles the bottom, or has no box of its own (display: contents, or only positioned
      // children): its children decide. A hidden element (all zero) has none to weigh.
      const lost = keepFirstScreen(liveChild, copyChild, options);
      removed ||= lost;
      // Its height stays what it was, whatever its layout does with fewer children.
      if (lost && bottom > top && copyChild.style) {
        copyChild.style.minHeight = `${Math.round(bottom - top)}px`;
      }
    }
  });
  return removed;
}

/** Removes pictures and app-only attributes from `element`'s subtree (itself included). */
function lighten(element: TrimmableElement): void {
  for (const name of element.getAttributeNames()) {
    if (isDroppedAttribute(name)) element.removeAttribute(name);
  }
  for (const child of Array.from(element.children)) {
    if (DROPPED_ELEMENTS.has(child.localName)) child.remove();
    else lighten(child);
  }
}
