import { addDays, certificateFieldsSchema, certificateFileProblem, certificateMessages, certificateStatusLabels, countryOf, formatDay, type Certificate } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useCollectionEditing, useFocusWhen } from '../../admin/components/collection-editing';
import { Field, fileInputClass } from '../../../components/field';
import { LoadFailed } from '../../../components/load-failed';
import { SelectField } from '../../../components/select-field';
import { ignoredWhilePending } from '../../../components/submit-button';
import { customerMessage } from '../../../lib/api-client';
import { certificateDocumentUrl, locationCertificatesQuery, useUploadCertificate } from '../api/certificates';

const states = countryOf('US')?.regions?.list ?? [];
const today = () => new Date().toISOString().slice(0, 10);
const statusClass: Record<Certificate['status'], string> = {
  verified: 'bg-green-100 text-green-900',
  unverified: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-red-100 text-red-900',
};

/**
 * A location's resale certificates, one per state (decision 082): every member sees them; owners
 * and accounts members download their documents and upload new ones.
 */
export function LocationCertificates({ locationId, locationName, mayManage }: { locationId: string; locationName: string; mayManage: boolean }) {
  const certificates = useQuery(locationCertificatesQuery(locationId));
  // The form opens on its first field; Cancel, Escape and an upload give the focus back to its
  // opener (decision 064's pattern, with an item of the form's own).
  const { editing, returnFocusTo, formRef, startEditing, stopEditing } = useCollectionEditing<{ id: string }>();
  const adding = editing !== undefined;
  const opener = useFocusWhen<HTMLButtonElement>(returnFocusTo === locationId);

  if (certificates.isError) return <LoadFailed what="the resale certificates" onRetry={() => void certificates.refetch()} />;
  const list = certificates.data ?? [];
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      {/* Under the company's Locations H2; the location's name for a reader who lists the headings. */}
      <h3 className="font-semibold text-ink">
        Resale certificates<span className="sr-only">{` of ${locationName}`}</span>
      </h3>
      {certificates.isPending ? (
        <p className="mt-1 text-sm text-slate-600" role="status">
          Loading the certificates…
        </p>
      ) : list.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None: orders shipped here are charged sales tax.</p>
      ) : (
        <ul className="mt-2 grid gap-2" aria-label={`Resale certificates of ${locationName}`}>
          {list.map((certificate) => (
            <li key={certificate.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="font-semibold text-ink">{certificate.state}</span>
              <span className="break-all text-slate-700">{certificate.number}</span>
              <span className="text-slate-600">{`expires ${formatDay(certificate.expiresOn)}`}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[certificate.status]}`}>{certificateStatusLabels[certificate.status]}</span>
              {mayManage && (
                <a className="font-semibold text-brand-700 underline" href={certificateDocumentUrl(certificate.id, 'member')} download aria-label={`Document of the ${certificate.state} certificate`}>
                  Document
                </a>
              )}
              {certificate.status === 'rejected' && certificate.rejectionReason && (
                <p className="basis-full text-red-800">{certificateMessages.rejectedBecause(certificate.rejectionReason)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayManage &&
        (adding ? (
          <div
            ref={formRef}
            onKeyDown={(event) => {
              if (event.key === 'Escape') stopEditing(locationId);
            }}
          >
            <CertificateForm locationId={locationId} locationName={locationName} certificates={list} onDone={() => stopEditing(locationId)} />
          </div>
        ) : (
          <button
            ref={opener}
            type="button"
            onClick={() => startEditing({ id: locationId })}
            aria-label={`Upload a certificate for ${locationName}`}
            className="mt-3 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Upload a certificate
          </button>
        ))}
    </div>
  );
}

type Errors = Partial<Record<'state' | 'number' | 'expiresOn' | 'file' | 'form', string>>;

function CertificateForm({ locationId, locationName, certificates, onDone }: { locationId: string; locationName: string; certificates: readonly Certificate[]; onDone: () => void }) {
  const upload = useUploadCertificate(locationId);
  const [errors, setErrors] = useState<Errors>({});
  // An upload replaces the state's certificate at once (decision 082): a verified one stops
  // exempting until the new one is verified, which the form says before it is sent (decision 212).
  const [state, setState] = useState('');
  const replaced = certificates.find((certificate) => certificate.state === state && certificate.status === 'verified');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = certificateFieldsSchema(today()).safeParse({ state: data.get('state'), number: data.get('number'), expiresOn: data.get('expiresOn') });
    const file = (form.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    const next: Errors = {};
    if (!fields.success) for (const issue of fields.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
    // Its size and type are checked here as the server will (the shared rule), before anything is sent.
    const fileProblem = file ? certificateFileProblem(file) : certificateMessages.fileRequired;
    if (fileProblem) next.file = fileProblem;
    setErrors(next);
    // The first field refused, in the form's order, takes the focus.
    const firstRefused = (['state', 'number', 'expiresOn', 'file'] as const).find((name) => next[name] !== undefined);
    if (firstRefused) (form.elements.namedItem(firstRefused) as HTMLElement | null)?.focus();
    if (!fields.success || fileProblem || !file) return;
    try {
      await upload.mutateAsync({ ...fields.data, file });
      onDone();
    } catch (error) {
      setErrors({ form: customerMessage(error) });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2" aria-label={`Upload a resale certificate for ${locationName}`}>
      <SelectField
        label="State"
        name="state"
        value={state}
        onChange={(event) => setState(event.target.value)}
        error={errors.state}
        warning={replaced && certificateMessages.replacesVerified(replaced.number, replaced.state)}
        options={[{ value: '', label: 'Choose a state' }, ...states.map((region) => ({ value: region.code, label: region.name }))]}
      />
      <Field label="Certificate number" error={errors.number}>
        {(control) => <input {...control} name="number" maxLength={50} autoComplete="off" />}
      </Field>
      {/* The schema takes an expiry after today: the picker starts at tomorrow. */}
      <Field label="Expires on" error={errors.expiresOn}>
        {(control) => <input {...control} type="date" name="expiresOn" min={addDays(today(), 1)} />}
      </Field>
      <Field label="Document (PDF or photo, up to 5 MB)" error={errors.file}>
        {(control) => <input {...control} className={`mt-1 ${fileInputClass}`} type="file" name="file" accept="application/pdf,image/jpeg,image/png,image/webp" />}
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.form}
        </p>
      )}
      <div className="flex gap-3 sm:col-span-2">
        {/* `aria-disabled` while it uploads, not `disabled`: Chromium drops the focus of a focused
            button that becomes disabled, and a refusal was then said to the page's body (SubmitButton's rule). */}
        <button
          type="submit"
          aria-disabled={upload.isPending || undefined}
          aria-busy={upload.isPending}
          onClick={ignoredWhilePending(upload.isPending)}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-ink hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
