import picaWorkerUrl from 'pica/pica_worker?url';

/** Ours: the long side of a photo sent with a claim (enough to see a broken stem and a label). */
export const CLAIM_PHOTO_LONG_SIDE = 2000;
/** Ours: JPEG quality of a sent photo: a 4 MB camera photo becomes a few hundred KB. */
const JPEG_QUALITY = 0.8;

type Resizer = Awaited<ReturnType<typeof loadResizer>>;
let resizer: Promise<Resizer> | null = null;

/**
 * pica (nodeca/pica) resizes with a sharpening filter made for downscaling photos, in a Web Worker
 * served from this origin (its split build: the CSP's `worker-src 'self'` allows it, where an
 * inline blob worker would be refused), so the page stays responsive on a phone. Loaded on the
 * first photo, and one instance reused (its workers are the expensive part). WebAssembly is left
 * out: the CSP does not allow compiling it.
 */
async function loadResizer() {
  // The worker's script into the browser's cache too: the first photo may be taken offline.
  fetch(picaWorkerUrl).catch(() => undefined);
  const { default: createPica } = await import('pica/pica_main');
  return createPica({ features: ['js', 'ww'], workerURL: picaWorkerUrl });
}

/**
 * Loads the resizer ahead of the first photo (an order with an open claim window is on screen):
 * a buyer often opens the claim in the cooler, offline, and the service worker may not hold
 * this code yet on a first visit.
 */
export function preparePhotoResizer(): void {
  resizer ??= loadResizer();
  resizer.catch(() => (resizer = null));
}

/**
 * A camera photo downscaled on the device to a JPEG of at most 2,000 px on its long side, turned
 * upright by its EXIF orientation (`createImageBitmap`'s `imageOrientation`), so four photos
 * send in seconds on one bar of signal. The browser decodes; pica resizes; the browser encodes
 * the JPEG. (browser-image-compression was tried first and, run on the page as this CSP
 * requires, waited forever on its second photo.) A file the browser cannot decode is kept as it
 * is: the server decides by its content whether it is a photo at all.
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, CLAIM_PHOTO_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    let jpeg: Blob;
    try {
      resizer ??= loadResizer();
      const pica = await resizer;
      await pica.resize(bitmap, canvas);
      jpeg = await pica.toBlob(canvas, 'image/jpeg', JPEG_QUALITY);
    } catch {
      // The resizer could not load or run: the photo is kept as taken (sent larger), never lost.
      resizer = null;
      return file;
    }
    // Never send more than the buyer took: a small PNG can be smaller than its JPEG.
    return jpeg.size < file.size || file.type !== 'image/jpeg' ? jpeg : file;
  } finally {
    bitmap.close();
  }
}
