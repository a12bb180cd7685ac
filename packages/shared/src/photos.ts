/**
 * Product photos, without zod so that the pages showing photos stay light: uploaded by admins, resized once into these widths (never larger
 * than the upload), each served as AVIF and WebP. 240 fits a phone's card at 2×, 480 a desktop
 * card, 960 the part page at 2×.
 */
export const PHOTO_WIDTHS = [240, 480, 960] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
/** The largest upload accepted, in bytes: a phone camera's JPEG fits. */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The most pixels a photo may have: a small file can declare a huge picture (a decompression
 * bomb), refused by its header before it is decoded. 50 million is 8,660 × 5,773; a phone's 48 MP fits.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** What the file picker offers; the server decides by the file's bytes, not its name or type. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const photoMessages = {
  wrongType: 'Upload a JPEG, PNG or WebP photo.',
  tooLarge: `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Upload a smaller one.`,
  unreadable: 'This photo could not be read. Upload another JPEG, PNG or WebP.',
  tooManyPixels: (width: number, height: number) =>
    `The photo is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels: at most ${PHOTO_MAX_PIXELS / 1_000_000} million pixels are taken. Upload a smaller one.`,
  notFound: 'Image not found',
  uploadFailed: 'The photo could not be uploaded. Please try again.',
  /** Saving waited for the photo being uploaded, and it failed: nothing was saved. */
  notSavedWithoutPhoto: 'Nothing was saved: the photo did not upload. Choose it again, or give an image URL.',
} as const;

/** The widths an uploaded photo is kept in, given its largest (which is never wider than 960). */
export function photoWidths(largest: number): number[] {
  return [...PHOTO_WIDTHS.filter((width) => width < largest), largest];
}

/** `/api/images/{id}/{width}.{format}`: one stored variant of a photo. */
export function photoUrl(id: string, width: number, format: PhotoFormat = 'webp'): string {
  return `/api/images/${id}/${width}.${format}`;
}

const PHOTO_URL = /^\/api\/images\/([0-9a-f-]{36})\/(\d+)\.webp$/;

/**
 * A part's `img` that names an uploaded photo (its largest WebP) gives the photo's id and its
 * largest width, from which the page builds its `srcset`; any other URL gives undefined.
 */
export function parsePhotoUrl(img: string): { id: string; largest: number } | undefined {
  const [, id, largest] = PHOTO_URL.exec(img) ?? [];
  return id && largest ? { id, largest: Number(largest) } : undefined;
}
