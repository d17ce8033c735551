import fsp from 'node:fs/promises';
import sharp from 'sharp';

/** Longest side of the derived copies (the bubble is at most 300 CSS px; thumbs cover 1.33× screens). */
export const THUMB_PX = 400;
export const LARGE_PX = 1280;
/** Refuse decoding above this many pixels (a decompression bomb), as an invalid image. */
const MAX_PIXELS = 100_000_000;

sharp.concurrency(1);
sharp.cache(false);

export interface ImageFacts {
  width: number;
  height: number;
  animated: boolean;
}

/** A BMP's size from its header (libvips does not decode BMP, so BMPs get no derived copies). */
async function readBmp(file: string): Promise<ImageFacts | null> {
  const fd = await fsp.open(file, 'r');
  try {
    const h = Buffer.alloc(26);
    await fd.read(h, 0, 26, 0);
    const dib = h.readUInt32LE(14);
    const width = dib === 12 ? h.readUInt16LE(18) : h.readInt32LE(18);
    const height = Math.abs(dib === 12 ? h.readUInt16LE(20) : h.readInt32LE(22));
    return width > 0 && height > 0 && width * height <= MAX_PIXELS ? { width, height, animated: true } : null;
  } finally {
    await fd.close();
  }
}

/**
 * Dimensions after EXIF orientation, or null when the bytes do not decode as an image. `animated`
 * also marks images whose copies must be the original (GIF animations, BMP).
 */
export async function readImage(file: string, ext: string): Promise<ImageFacts | null> {
  if (ext === 'bmp') return readBmp(file);
  try {
    const meta = await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) return null;
    const swap = (meta.orientation ?? 1) >= 5;
    return {
      width: swap ? meta.height : meta.width,
      height: swap ? meta.width : meta.height,
      animated: (meta.pages ?? 1) > 1,
    };
  } catch {
    return null;
  }
}

/** A copy no larger than `px` on its longest side, as WebP (oriented, metadata stripped). */
export async function resizeImage(
  file: string,
  out: string,
  px: number,
): Promise<{ width: number; height: number; size: number }> {
  const info = await sharp(file, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(out);
  return { width: info.width, height: info.height, size: info.size };
}
