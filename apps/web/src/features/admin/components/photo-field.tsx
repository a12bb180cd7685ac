import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, photoMessages } from '@autoparts/shared';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Field, fileInputClass } from '../../../components/field';
import { PartImage } from '../../../components/part-image';
import { Spinner } from '../../../components/spinner';
import { ignoredWhilePending } from '../../../components/submit-button';
import { customerMessage } from '../../../lib/api-client';
import { useUploadPhoto } from '../api/upload-photo';

interface PhotoFieldProps {
  /** The part's image URL now (shown until a new photo is chosen). */
  current: string;
  /** A photo was uploaded: its URL becomes the part's image. */
  onUploaded: (url: string) => void;
  /** An upload started: its URL, or undefined should it fail (usePendingPhoto's `track`). */
  onUploading?: (uploaded: Promise<string | undefined>) => void;
  className?: string;
}

/**
 * A form's submit waits for the photo being uploaded, if any: pressing Save during the upload
 * would otherwise save the part with no photo, or fail on an empty image, saying nothing useful.
 * `submitAfterPhoto` makes the form's submit handler: it waits (`waiting`), puts the uploaded URL
 * into the form (`apply`) and saves (`save`); a failed upload saves nothing and says why (`problem`).
 */
export function usePendingPhoto() {
  const pending = useRef<Promise<string | undefined>>(undefined);
  const [waiting, setWaiting] = useState(false);
  const [problem, setProblem] = useState<string>();

  /** The uploaded URL, `null` when the upload failed, `undefined` when there was none to wait for. */
  async function waitForPhoto(): Promise<string | null | undefined> {
    const uploaded = pending.current;
    if (!uploaded) return undefined;
    setWaiting(true);
    try {
      return (await uploaded) ?? null;
    } finally {
      setWaiting(false);
    }
  }

  return {
    waiting,
    problem,
    track(uploaded: Promise<string | undefined>) {
      pending.current = uploaded;
      void uploaded.finally(() => {
        if (pending.current === uploaded) pending.current = undefined;
      });
    },
    submitAfterPhoto(apply: (url: string) => void, save: () => Promise<void>) {
      return async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setProblem(undefined);
        const url = await waitForPhoto();
        if (url === null) {
          setProblem(photoMessages.notSavedWithoutPhoto);
          return;
        }
        if (url !== undefined) apply(url);
        await save();
      };
    },
  };
}

/** What a form's submit button says while it waits for the photo. */
export const WAITING_FOR_PHOTO = 'Waiting for the photo…';

const PHOTO_HINT = `JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. It is uploaded when you choose it.`;

/**
 * Choose a part's photo: a preview at once, uploaded straight away (the server checks the bytes
 * and keeps it resized, decision 015); the form then saves its URL as the part's image.
 */
export function PhotoField({ current, onUploaded, onUploading, className = '' }: PhotoFieldProps) {
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
    const uploaded = upload.mutateAsync(file).then((photo) => photo.url);
    onUploading?.(uploaded.catch(() => undefined));
    setPreview(await readAsDataUrl(file));
    try {
      onUploaded(await uploaded);
    } catch (failure) {
      setError(customerMessage(failure) ?? photoMessages.uploadFailed);
    } finally {
      setPreview(null);
    }
  }

  return (
    <Field label="Photo" hint={PHOTO_HINT} error={error} alert className={className}>
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
            // Not `disabled` while the photo uploads: Chromium drops the focus of a focused control
            // that becomes disabled, and the keyboard's place with it (a refusal was then said to
            // the page's body). It only opens no picker meanwhile.
            aria-disabled={upload.isPending || undefined}
            onClick={ignoredWhilePending(upload.isPending)}
            onChange={(event) => void choose(event)}
            className={fileInputClass}
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
