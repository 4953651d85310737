/** Ours: the long side of a photo sent with a claim (enough to see a broken stem and a label). */
export const CLAIM_PHOTO_LONG_SIDE = 2000;
/** Ours: JPEG quality of a sent photo: a 4 MB camera photo becomes a few hundred KB. */
const JPEG_QUALITY = 0.8;

/**
 * A camera photo downscaled on the device to a JPEG of at most 2,000 px on its long side, turned
 * upright by its EXIF orientation (`createImageBitmap`'s `imageOrientation`), so four photos
 * send in seconds on one bar of signal. The browser's own decoder and canvas do the work:
 * browser-image-compression was tried first and, run on the page as this CSP requires, waited
 * forever on its second photo. A file the browser cannot decode is kept as it is: the server
 * decides by its content whether it is a photo at all.
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
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const jpeg = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    // Never send more than the buyer took: a small PNG can be smaller than its JPEG.
    return jpeg && (jpeg.size < file.size || file.type !== 'image/jpeg') ? jpeg : file;
  } finally {
    bitmap.close();
  }
}
