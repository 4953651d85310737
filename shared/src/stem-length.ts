/**
 * A stem length as the screens show it: "60 cm", or '' for an item, offer or order line without
 * one (0), which never reads "0 cm". The number and its unit are joined by a no-break space, so
 * a narrow phone never shows "60" at the end of one line and "cm" at the start of the next.
 */
export function stemLengthText(length: number): string {
  return length > 0 ? `${length}\u00a0cm` : '';
}

/** A variety with its stem length, "Freedom 60 cm", or its name alone when it has no length. */
export function nameWithLength(name: string, length: number): string {
  return length > 0 ? `${name} ${stemLengthText(length)}` : name;
}

/**
 * A line's name as the cart, checkout and order cards title it, as the catalogue's cards show the
 * length: "Freedom · 60 cm", or the name alone without a length. The '·' is held to the length
 * by a no-break space, as `dotSeparated` holds each separator to the fact after it.
 */
export function lineName(name: string, length: number): string {
  return length > 0 ? `${name} ·\u00a0${stemLengthText(length)}` : name;
}
