import { PHOTO_MAX_PIXELS, PHOTO_WIDTHS, photoWidths, type PhotoFormat } from '@autoparts/shared';
import sharp from 'sharp';

export type PhotoProblem = 'wrong-type' | 'unreadable' | 'too-many-pixels';

export class PhotoRejected extends Error {
  constructor(
    readonly problem: PhotoProblem,
    /** The size its header declares, for 'too-many-pixels'. */
    readonly size?: { width: number; height: number },
  ) {
    super(problem);
  }
}

interface PhotoVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** The largest variant's size. */
  width: number;
  height: number;
  variants: PhotoVariant[];
}

/**
 * The type a file's first bytes say it is: JPEG (FF D8 FF), PNG (its 8-byte signature) or WebP
 * (a RIFF container of type WEBP). A file's name and declared type are not looked at.
 */
export function sniffPhotoType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | undefined {
  const starts = (offset: number, signature: number[]) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return undefined;
}


/**
 * Checks an upload by its bytes and resizes it once into the shop's widths, as AVIF and WebP,
 * turned upright by its EXIF orientation (which, like all its metadata, is then dropped).
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const type = sniffPhotoType(bytes);
  if (!type) throw new PhotoRejected('wrong-type');
  // A decompression bomb (a tiny file of huge dimensions) is refused by its header, before it is decoded.
  const input = () => sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', autoOrient: true });
  let width: number;
  try {
    // The header alone is read here, without sharp's pixel limit, which would refuse a huge size
    // as an error like any other (called unreadable): the size is checked, and named, below.
    const metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'error', autoOrient: true }).metadata();
    if (metadata.format !== type) throw new PhotoRejected('wrong-type');
    if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) {
      throw new PhotoRejected('too-many-pixels', { width: metadata.autoOrient.width, height: metadata.autoOrient.height });
    }
    width = metadata.autoOrient.width;
  } catch (error) {
    if (error instanceof PhotoRejected) throw error;
    throw new PhotoRejected('unreadable');
  }

  const largest = Math.min(width, Math.max(...PHOTO_WIDTHS));
  try {
    const variants = await Promise.all(
      photoWidths(largest).flatMap((target) =>
        (['avif', 'webp'] as const).map(async (format): Promise<PhotoVariant> => {
          const resized = input().resize({ width: target, withoutEnlargement: true });
          const encoded = format === 'avif' ? resized.avif({ quality: 55, effort: 4 }) : resized.webp({ quality: 80 });
          const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
          return { format, width: info.width, height: info.height, bytes: data };
        }),
      ),
    );
    const biggest = variants.reduce((wider, variant) => (variant.width > wider.width ? variant : wider));
    return { width: biggest.width, height: biggest.height, variants };
  } catch {
    // Corrupt pixel data that the header did not give away.
    throw new PhotoRejected('unreadable');
  }
}
