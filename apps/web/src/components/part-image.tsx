import { parsePhotoUrl, photoUrl, photoWidths } from '@autoparts/shared';
import { useState } from 'react';

interface PartImageProps {
  src: string;
  alt: string;
  /** The box's intrinsic size (its aspect ratio): the page keeps the space, nothing shifts. */
  width: number;
  height: number;
  /** How wide the image shows, for the browser to pick a width from `srcset`. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}

/**
 * A part's image. An uploaded photo (decision 015) is a `<picture>` with AVIF and WebP in every
 * stored width; any other URL a plain `<img>`. A missing image, or one that fails to load, shows
 * a neat placeholder in the same box — never the browser's broken-image icon, also when it
 * failed before the page was hydrated.
 */
export function PartImage({ src, alt, width, height, sizes, className = '', loading = 'lazy' }: PartImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src.trim() || failedSrc === src) {
    return <PhotoPlaceholder label={alt} className={className} />;
  }
  const photo = parsePhotoUrl(src);
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      // A page's main image (eager) is painted with the page, not a frame later: it is what the
      // customer waits for (its LCP), and the app is fetched once the page has been painted.
      decoding={loading === 'eager' ? 'sync' : 'async'}
      sizes={photo ? sizes : undefined}
      srcSet={photo ? srcSet(photo.id, photo.largest, 'webp') : undefined}
      onError={() => setFailedSrc(src)}
      ref={(node) => {
        // A page rendered on the server starts loading its images before React is there to hear an
        // error: an image already settled without pixels is checked once more (decode() fails only
        // when it is broken; an SVG without a size of its own decodes fine).
        if (node?.complete && node.naturalWidth === 0) node.decode().catch(() => setFailedSrc(src));
      }}
      className={className}
    />
  );
  if (!photo) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(photo.id, photo.largest, 'avif')} sizes={sizes} />
      {img}
    </picture>
  );
}

/** What the page's head asks the browser to fetch at once for a part's image (`<link rel="preload">`). */
export interface ImagePreload {
  href: string;
  srcSet?: string;
  sizes?: string;
  type?: string;
}

/**
 * The preload of the image `PartImage` shows for `src` at `sizes`: for a photo its AVIF `srcset`,
 * as the browser would pick from the `<picture>`; none when there is no image.
 */
export function partImagePreload(src: string, sizes: string): ImagePreload | undefined {
  if (!src.trim()) return undefined;
  const photo = parsePhotoUrl(src);
  if (!photo) return { href: src };
  return { href: photoUrl(photo.id, photo.largest, 'avif'), srcSet: srcSet(photo.id, photo.largest, 'avif'), sizes, type: 'image/avif' };
}

function srcSet(id: string, largest: number, format: 'avif' | 'webp') {
  return photoWidths(largest)
    .map((width) => `${photoUrl(id, width, format)} ${width}w`)
    .join(', ');
}

/** Stands where a photo would: a camera outline on a soft background, named for screen readers. */
function PhotoPlaceholder({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label ? `${label} (no photo)` : 'No photo'}
      className={`flex items-center justify-center bg-slate-100 text-slate-400 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} className="size-1/3 max-h-16 max-w-16">
        <path strokeLinecap="round" strokeLinejoin="round" d="M3 8.5A2.5 2.5 0 0 1 5.5 6h1.3l1.4-2h7.6l1.4 2h1.3A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z" />
        <circle cx="12" cy="13" r="3.5" />
      </svg>
    </div>
  );
}
