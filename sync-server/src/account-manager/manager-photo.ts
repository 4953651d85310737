/**
 * A portrait for an account manager who has no photo file: head and shoulders on a pale
 * background, the skin tone, hair, shirt and background picked from small palettes by a hash of
 * the manager's key. It is drawn from the key alone (no name, nothing looked up), so any
 * well-formed key gets a picture and the image says nothing about who exists. Deterministic, so
 * its URL can be cached as immutable.
 */

/** Part of the URL: a new version of the drawing gives new URLs. */
export const MANAGER_PHOTO_VERSION = 1;

/** Keys the photo route draws for: those of users (`u-…`), at most 64 characters. */
export const MANAGER_PHOTO_KEY = /^[A-Za-z0-9_-]{1,64}$/;

const BACKGROUNDS = ['#dcefe2', '#f9e1e6', '#e4e9f5', '#f6ecd6', '#e8e0f3'];
const SHIRTS = ['#2f7f50', '#1b5235', '#b4476a', '#3c5a99', '#6a4c93'];
const SKINS = ['#f2d0b5', '#e0ac8a', '#c68863', '#8d5a3b', '#5c3a24'];
const HAIRS = ['#2b1d16', '#5a3825', '#a0663a', '#d9b26f', '#6b6b6b'];

const FRINGE = 'M30 40c0-14 8-22 18-22s18 8 18 22c-4-7-10-10-18-10s-14 3-18 10z';
const HAIR_STYLES: readonly { back: string; front: string }[] = [
  { back: '', front: FRINGE },
  {
    back: '<path d="M27 42c0-17 9-25 21-25s21 8 21 25v22c-7 3-35 3-42 0z" fill="HAIR"/>',
    front: FRINGE,
  },
  { back: '<circle cx="48" cy="17" r="8" fill="HAIR"/>', front: FRINGE },
];

/** FNV-1a: a well-spread 32-bit hash of the key. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

function pick<T>(list: readonly T[], seed: number): T {
  const item = list[seed % list.length];
  if (item === undefined) throw new Error('empty palette');
  return item;
}

/** Where the portrait of a manager is drawn. */
export function managerPhotoUrl(managerKey: string): string {
  return `/api/customer/manager/photo/${encodeURIComponent(managerKey)}.svg?v=${MANAGER_PHOTO_VERSION}`;
}

/** The SVG document of a manager's portrait. */
export function managerPhotoSvg(managerKey: string): string {
  const seed = hash(managerKey);
  const hair = pick(HAIRS, seed >>> 12);
  const style = pick(HAIR_STYLES, seed >>> 16);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">',
    `<rect width="96" height="96" fill="${pick(BACKGROUNDS, seed)}"/>`,
    style.back.replace('HAIR', hair),
    `<path d="M12 96c2-20 16-31 36-31s34 11 36 31z" fill="${pick(SHIRTS, seed >>> 4)}"/>`,
    `<rect x="41" y="52" width="14" height="16" rx="6" fill="${pick(SKINS, seed >>> 8)}"/>`,
    `<circle cx="48" cy="40" r="18" fill="${pick(SKINS, seed >>> 8)}"/>`,
    `<path d="${style.front}" fill="${hair}"/>`,
    '</svg>',
  ].join('');
}
