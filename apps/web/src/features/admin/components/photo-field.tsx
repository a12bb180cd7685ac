import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, photoMessages } from '@autoparts/shared';
import { useState, type ChangeEvent } from 'react';
import { Field } from '../../../components/field';
import { PartImage } from '../../../components/part-image';
import { Spinner } from '../../../components/spinner';
import { customerMessage } from '../../../lib/api-client';
import { useUploadPhoto } from '../api/upload-photo';

interface PhotoFieldProps {
  /** The part's image URL now (shown until a new photo is chosen). */
  current: string;
  /** A photo was uploaded: its URL becomes the part's image. */
  onUploaded: (url: string) => void;
  className?: string;
}

export const PHOTO_HINT = `JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. It is uploaded when you choose it.`;

/**
 * Choose a part's photo: a preview at once, uploaded straight away (the server checks the bytes
 * and keeps it resized, decision 015); the form then saves its URL as the part's image.
 */
export function PhotoField({ current, onUploaded, className = '' }: PhotoFieldProps) {
  const upload = useUploadPhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    if (file.size > PHOTO_MAX_BYTES) {
      setError(photoMessages.tooLarge);
      return;
    }
    setPreview(await readAsDataUrl(file));
    try {
      const photo = await upload.mutateAsync(file);
      onUploaded(photo.url);
    } catch (failure) {
      setError(customerMessage(failure) ?? photoMessages.uploadFailed);
    } finally {
      setPreview(null);
    }
  }

  return (
    <Field label="Photo" hint={PHOTO_HINT} error={error} className={className}>
      {({ className: _inputLook, ...control }) => (
        <div className="mt-1 flex flex-wrap items-center gap-4">
          {preview ? (
            <img src={preview} alt="The chosen photo" className="size-24 rounded-lg border border-slate-200 bg-slate-50 object-contain" />
          ) : (
            <PartImage
              src={current}
              alt={current ? 'The current photo' : ''}
              width={96}
              height={96}
              sizes="96px"
              className="size-24 rounded-lg border border-slate-200 bg-slate-50 object-contain"
            />
          )}
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            {...control}
            disabled={upload.isPending}
            onChange={(event) => void choose(event)}
            className="block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
          />
          {upload.isPending && (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Uploading the photo…
            </p>
          )}
        </div>
      )}
    </Field>
  );
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
