import {
  CATALOGUE_IMPORT_MAX_BYTES,
  catalogueDataMessages,
  catalogueImportKindLabels,
  catalogueImportKinds,
  type CatalogueImportKind,
  type CatalogueImportMode,
  type CatalogueImportOnProblems,
} from '@autoparts/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Field, fileInputClass } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import type { UploadRequest } from '../api/catalogue-data';

const kindOptions = catalogueImportKinds.map((kind) => ({ value: kind, label: catalogueImportKindLabels[kind] }));

/** The upload: the file, what it holds, a dry run or apply, and what to do with problems. */
export function UploadForm({ pending, onUpload }: { pending: boolean; onUpload: (request: UploadRequest) => void }) {
  const [file, setFile] = useState<File | undefined>();
  const [kind, setKind] = useState<CatalogueImportKind>('vcdb');
  const [mode, setMode] = useState<CatalogueImportMode>('dry-run');
  const [onProblems, setOnProblems] = useState<CatalogueImportOnProblems>('refuse');
  const [error, setError] = useState<string | undefined>();
  // A message about the file just chosen arrives while the file field keeps the focus: said at once
  // (an alert); one said on sending moves the focus to the field, which says it.
  const [errorOnChoosing, setErrorOnChoosing] = useState(false);
  const headingId = useId();
  const fileField = useRef<HTMLInputElement>(null);

  /** A file chosen: a message about the one before ("larger than 512 MB") goes, one about this one shows at once. */
  function choose(chosen: File | undefined) {
    setFile(chosen);
    setError(chosen && chosen.size > CATALOGUE_IMPORT_MAX_BYTES ? catalogueDataMessages.tooLarge : undefined);
    setErrorOnChoosing(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = !file ? catalogueDataMessages.noFile : file.size > CATALOGUE_IMPORT_MAX_BYTES ? catalogueDataMessages.tooLarge : undefined;
    setError(problem);
    setErrorOnChoosing(false);
    if (problem || !file) {
      fileField.current?.focus();
      return;
    }
    onUpload({ file, kind, mode, onProblems });
  }

  const radio = 'size-4 accent-brand-700';
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-ink sm:col-span-2">
        Upload a file
      </h2>
      <Field
        label="File"
        error={error}
        alert={errorOnChoosing}
        hint={`A VCdb or PCdb delivery is a zip of its .txt tables, or one table such as Make.txt. At most ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`}
        className="sm:col-span-2"
      >
        {({ className: _input, ...control }) => (
          <input {...control} ref={fileField} type="file" name="file" accept=".zip,.txt,.xml,.csv,.gz" className={`mt-1 ${fileInputClass}`} onChange={(event) => choose(event.target.files?.[0])} />
        )}
      </Field>
      <SelectField label="The file holds" name="kind" options={kindOptions} value={kind} onChange={(event) => setKind(event.target.value as CatalogueImportKind)} className="sm:col-span-2" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Mode</legend>
        <label className="mt-2 flex items-center gap-2">
          <input type="radio" name="mode" value="dry-run" checked={mode === 'dry-run'} onChange={() => setMode('dry-run')} className={radio} />
          Dry run: check and report, change nothing
        </label>
        <label className="mt-1 flex items-center gap-2">
          <input type="radio" name="mode" value="apply" checked={mode === 'apply'} onChange={() => setMode('apply')} className={radio} />
          Apply
        </label>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">On problems</legend>
        <label className="mt-2 flex items-center gap-2">
          <input type="radio" name="onProblems" value="refuse" checked={onProblems === 'refuse'} onChange={() => setOnProblems('refuse')} className={radio} />
          Refuse: one problem and nothing changes
        </label>
        <label className="mt-1 flex items-center gap-2">
          <input type="radio" name="onProblems" value="skip" checked={onProblems === 'skip'} onChange={() => setOnProblems('skip')} className={radio} />
          Skip what has problems, apply the rest
        </label>
      </fieldset>
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={pending}>{mode === 'apply' ? 'Upload and apply' : 'Upload for a dry run'}</SubmitButton>
      </div>
    </form>
  );
}
