/**
 * Where a variety's image is served. The query names what the drawing depends on (colour and
 * product group), so the URL changes when they do and the image can be cached forever.
 */
export function varietyImageUrl(variety: {
  key: string;
  color_code: string;
  product_group_key: string;
}): string {
  let hash = 0x811c9dc5;
  for (const char of `${variety.color_code.toLowerCase()}|${variety.product_group_key}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return `/api/variety/image/${encodeURIComponent(variety.key)}.svg?v=${hash.toString(36)}`;
}
