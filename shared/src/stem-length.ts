/**
 * A stem length as the screens show it: "60 cm", or '' for an item, offer or order line without
 * one (0), which never reads "0 cm".
 */
export function stemLengthText(length: number): string {
  return length > 0 ? `${length} cm` : '';
}

/** A variety with its stem length, "Freedom 60 cm", or its name alone when it has no length. */
export function nameWithLength(name: string, length: number): string {
  return length > 0 ? `${name} ${stemLengthText(length)}` : name;
}
