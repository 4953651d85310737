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

export interface FirstViewTrimOptions<E extends CopyableNode> {
  /** The viewport's height: what starts at or below it is off the first screen. */
  viewportHeight: number;
  /** Where a live element lies (`getBoundingClientRect` on the page; a stand-in in tests). */
  box(element: E): VerticalBox;
  /** Whether a child node is an element (`instanceof Element` on the page). */
  isElement(node: CopyableNode): node is E;
}

/** The part of a DOM node the copying uses: text and comments are copied as they are. */
export interface CopyableNode {
  /** A copy of the node, with copies of its descendants when `deep`. */
  cloneNode(deep: boolean): unknown;
}

/** The part of a DOM element the trimming uses (a DOM `Element` is one; tests use stand-ins). */
export interface TrimmableElement extends CopyableNode {
  readonly localName: string;
  readonly children: ArrayLike<TrimmableElement>;
  /** Its element, text and comment children, in order. */
  readonly childNodes: ArrayLike<CopyableNode>;
  /** Present on HTML and SVG elements. */
  readonly style?: { minHeight: string };
  getAttributeNames(): string[];
  removeAttribute(name: string): void;
  remove(): void;
  /** Adds a child: a node of the same kind, as `cloneNode` made it (DOM's `append` takes any
   *  node, so the parameter only says that callers cast). */
  append(child: never): void;
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
 * A copy of `live` as far as its first screen goes: elements that start at or below the
 * viewport's bottom are left out; those that straddle it keep only their children that show,
 * and their height (as a min-height), so nothing shown moves; pictures and attributes only the
 * app needs are removed everywhere. Only what is kept is copied (the rows rendered below the
 * screen are not), and `live` is only measured, never changed.
 */
export function firstScreenCopy<E extends TrimmableElement>(
  live: E,
  options: FirstViewTrimOptions<E>,
): E {
  const { copy } = copyOnScreen(live, options);
  lighten(copy);
  return copy;
}

/**
 * `live` without its own children, then a copy of each of its text nodes, a whole copy of each
 * child element on screen and a copy as far as the screen goes of each that straddles its bottom;
 * `cut` when any descendant was left out.
 */
function copyOnScreen<E extends TrimmableElement>(
  live: E,
  options: FirstViewTrimOptions<E>,
): { copy: E; cut: boolean } {
  const copy = live.cloneNode(false) as E;
  let cut = false;
  for (const child of Array.from(live.childNodes)) {
    if (!options.isElement(child)) {
      copy.append(child.cloneNode(true) as never);
      continue;
    }
    const { top, bottom } = options.box(child);
    if (top >= options.viewportHeight) {
      cut = true;
    } else if (bottom > options.viewportHeight || bottom <= top) {
      // Straddles the bottom, or has no box of its own (display: contents, or only positioned
      // children): its children decide. A hidden element (all zero) has none to weigh.
      const part = copyOnScreen(child, options);
      cut ||= part.cut;
      // Its height stays what it was, whatever its layout does with fewer children.
      if (part.cut && bottom > top && part.copy.style) {
        part.copy.style.minHeight = `${Math.round(bottom - top)}px`;
      }
      copy.append(part.copy as never);
    } else {
      copy.append(child.cloneNode(true) as never);
    }
  }
  return { copy, cut };
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
