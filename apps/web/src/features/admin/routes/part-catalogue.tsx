import { catalogueInputSchema, paths, vehicleLabel, type AdminCatalogue, type CatalogueExpected } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { LoadFailed } from '../../../components/load-failed';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { isApiError } from '../../../lib/api-client';
import { useCategories } from '../../../lib/categories';
import { csvField, ImportRefused, partCatalogueQuery, useImportFitment, useRemoveFitment, useSaveCatalogue } from '../api/part-catalogue';
import { fieldChangedOf } from '../api/update-part';
import { adminNotices } from '../admin-notices';
import { ActionButton } from '../components/action-button';
import { PartChangesForm } from '../components/part-changes-form';
import { StaleNotice } from '../components/stale-notice';
import { useStoredDraft } from '../components/stored-draft';
import { AdminPage } from '../components/admin-page';
import { fileInputClass } from '../../../components/field';

/** /dashboard/manageproducts/{id}/catalogue: a part's category, numbers, specs and fitment, and fitment by CSV. */
export function Component() {
  const { id = '' } = useParams();
  const part = useQuery(partCatalogueQuery(id));

  return (
    <AdminPage title={part.data ? `Catalogue: ${part.data.name}` : 'Catalogue'} intro="Category, part number, OEM numbers, specifications, life cycle, interchange numbers, kit components and the vehicles this part fits.">
      <Link to={paths.manageProducts} className="font-semibold text-brand-700 underline">
        Back to Manage Products
      </Link>
      {part.isPending ? (
        <p role="status" className="mt-4 text-slate-600">
          Loading the part…
        </p>
      ) : part.isError ? (
        isApiError(part.error, 404) ? (
          <p role="alert" className="mt-4 text-red-700">
            This part does not exist.
          </p>
        ) : (
          <LoadFailed what="this part" onRetry={() => void part.refetch()} />
        )
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-10 xl:grid-cols-2">
          <div className="grid grid-cols-1 content-start gap-10">
            {/* Each form keeps its draft while the part is fetched again (the other form saved, a 409 reloaded it): decision 112. */}
            <CatalogueForm key={part.data._id} part={part.data} />
            <PartChangesForm key={`changes-${part.data._id}`} partId={part.data._id} stored={part.data.changes} />
          </div>
          <div className="grid grid-cols-1 content-start gap-10">
            <Fitment part={part.data} />
            <FitmentCsv />
          </div>
        </div>
      )}
    </AdminPage>
  );
}

/** "Name: Value" per line, as the specs textarea shows them. */
const specsText = (specs: AdminCatalogue['specs']) => specs.map((spec) => `${spec.name}: ${spec.value}`).join('\n');
const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** The Details form's own stored fields: what it sends as `expected` (decision 112). */
const detailsOf = ({ category, partNumber, oemNumbers, specs }: AdminCatalogue): CatalogueExpected => ({ category, partNumber, oemNumbers, specs });
const detailsDraft = (stored: CatalogueExpected) => ({ category: stored.category ?? '', partNumber: stored.partNumber, oem: stored.oemNumbers.join('\n'), specs: specsText(stored.specs) });
const detailsCanonical = (draft: ReturnType<typeof detailsDraft>) => ({
  category: draft.category,
  partNumber: draft.partNumber.trim().toUpperCase(),
  oem: lines(draft.oem).join('\n').toUpperCase(),
  specs: lines(draft.specs).join('\n'),
});

function CatalogueForm({ part }: { part: AdminCatalogue }) {
  const categories = useCategories();
  const save = useSaveCatalogue(part._id);
  // Keyed on this form's own stored fields only: the other form's save leaves this draft alone.
  const stored = useMemo(() => detailsOf(part), [part]);
  const { draft, change, loaded } = useStoredDraft(stored, detailsDraft, detailsCanonical);
  const { category, partNumber, oem, specs } = draft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = fieldChangedOf(save.error);
  const refused = !changed && save.error && isApiError(save.error, 409) ? save.error.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const badSpec = lines(specs).find((line) => !/^[^:]+:.+$/.test(line));
    const parsed = catalogueInputSchema.safeParse({
      category: category || null,
      partNumber,
      oemNumbers: lines(oem),
      specs: lines(specs).map((line) => {
        const [name = '', ...value] = line.split(':');
        return { name: name.trim(), value: value.join(':').trim() };
      }),
    });
    const found: Record<string, string> = {};
    if (badSpec) found.specs = `Write each specification as “Name: Value” (${badSpec})`;
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (!parsed.success || badSpec) return;
    // Retyped the same (case, spaces, blank lines) is no change: nothing is sent (decision 152).
    if (JSON.stringify(detailsOf({ ...part, ...parsed.data })) === JSON.stringify(loaded)) {
      toast.info(adminNotices.nothingChanged);
      return;
    }
    // What this form loaded goes with it: a field someone else saved since is a 409, not overwritten.
    save.mutate({ ...parsed.data, expected: loaded });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Catalogue details" className="grid content-start gap-4">
      <h2 className="text-xl font-bold text-ink">Details</h2>
      <SelectField
        label="Category"
        value={category}
        onChange={(event) => change({ category: event.target.value })}
        error={errors.category}
        options={[{ value: '', label: 'No category' }, ...(categories.data ?? []).map((option) => ({ value: option.slug, label: option.name }))]}
      />
      <TextField
        label="Part number"
        value={partNumber}
        onChange={(event) => change({ partNumber: event.target.value })}
        error={errors.partNumber ?? (changed?.field === 'partNumber' ? changed.message : undefined) ?? refused}
        hint="Correcting it keeps the old number: its links move here, and search and quick order still find it"
        maxLength={40}
      />
      <TextareaField label="OEM numbers" hint="One a line" rows={3} value={oem} onChange={(event) => change({ oem: event.target.value })} error={errors.oemNumbers} />
      <TextareaField label="Specifications" hint="One a line, as “Name: Value”" rows={5} value={specs} onChange={(event) => change({ specs: event.target.value })} error={errors.specs} />
      {changed && <StaleNotice message={changed.message} />}
      <div>
        <ActionButton type="submit" tone="primary" pending={save.isPending} className="py-2">
          Save details
        </ActionButton>
      </div>
    </form>
  );
}

function Fitment({ part }: { part: AdminCatalogue }) {
  const remove = useRemoveFitment(part._id);
  const importer = useImportFitment();
  const headingId = useId();
  const [row, setRow] = useState({ make: '', model: '', yearFrom: '', yearTo: '', engine: '' });
  const refused = importer.error instanceof ImportRefused ? importer.error.errors : [];

  function add(event: FormEvent) {
    event.preventDefault();
    const fields = [part.partNumber, row.make.trim(), row.model.trim(), row.yearFrom.trim(), (row.yearTo || row.yearFrom).trim(), row.engine.trim()];
    importer.mutate(fields.map(csvField).join(','), { onSuccess: () => setRow({ make: '', model: '', yearFrom: '', yearTo: '', engine: '' }) });
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-ink">
        Fits {part.fitment.length} {part.fitment.length === 1 ? 'vehicle' : 'vehicles'}
      </h2>
      {part.fitment.length === 0 ? (
        <p className="mt-2 text-slate-600">No vehicles yet: add one below or import a CSV.</p>
      ) : (
        <ul className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" aria-label="Fitment">
          {part.fitment.map((vehicle) => (
            <li key={vehicle._id} className="flex items-center justify-between gap-3 px-3 py-1.5">
              <span>
                {vehicleLabel(vehicle)}
                {vehicle.engine ? ` ${vehicle.engine}` : ''}
              </span>
              <ActionButton tone="danger" pending={remove.isPending && remove.variables === vehicle._id} onClick={() => remove.mutate(vehicle._id)}>
                Remove<span className="sr-only"> {vehicleLabel(vehicle)}</span>
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate aria-label="Add a vehicle" className="mt-4 grid grid-cols-2 items-end gap-2 sm:grid-cols-5">
        <TextField label="Make" value={row.make} onChange={(event) => setRow({ ...row, make: event.target.value })} maxLength={40} />
        <TextField label="Model" value={row.model} onChange={(event) => setRow({ ...row, model: event.target.value })} maxLength={60} />
        <TextField label="From year" inputMode="numeric" value={row.yearFrom} onChange={(event) => setRow({ ...row, yearFrom: event.target.value })} maxLength={4} />
        <TextField label="To year" inputMode="numeric" value={row.yearTo} onChange={(event) => setRow({ ...row, yearTo: event.target.value })} maxLength={4} />
        <TextField label="Engine (optional)" value={row.engine} onChange={(event) => setRow({ ...row, engine: event.target.value })} maxLength={60} />
        <div className="col-span-2 sm:col-span-5">
          <ActionButton type="submit" tone="primary" pending={importer.isPending} className="py-2">
            Add to fitment
          </ActionButton>
          {refused.length > 0 && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {refused.map((error) => error.message).join(' ')}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

function FitmentCsv() {
  const importer = useImportFitment();
  const [csv, setCsv] = useState('');
  const headingId = useId();
  const refused = importer.error instanceof ImportRefused ? importer.error : undefined;

  async function readFile(file: File | undefined) {
    if (file) setCsv(await file.text());
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-ink">
        Fitment by CSV
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Any parts, one row per part and make/model over a run of years: <code className="break-all">partNumber,make,model,yearFrom,yearTo[,engine]</code>. Every row is checked first;
        one bad row and nothing is imported.
      </p>
      <form
        className="mt-3 grid gap-3"
        aria-label="Import fitment"
        onSubmit={(event) => {
          event.preventDefault();
          importer.mutate(csv, { onSuccess: () => setCsv('') });
        }}
      >
        <label className="text-sm font-medium text-slate-700">
          CSV file
          <input type="file" accept=".csv,text/csv" className={`mt-1 ${fileInputClass}`} onChange={(event) => void readFile(event.target.files?.[0])} />
        </label>
        <TextareaField label="CSV" rows={6} value={csv} onChange={(event) => setCsv(event.target.value)} className="font-mono" />
        <div className="flex flex-wrap items-center gap-3">
          <ActionButton type="submit" tone="primary" pending={importer.isPending} disabled={!csv.trim()} className="py-2">
            Import fitment
          </ActionButton>
          <a href="/api/admin/fitment/export" download="fitment.csv" className="font-semibold text-brand-700 underline">
            Export all fitment (CSV)
          </a>
        </div>
      </form>
      {importer.isSuccess && (
        <p role="status" className="mt-3 text-green-800">
          Imported {importer.data.rows} rows: {importer.data.added} applications added.
        </p>
      )}
      {refused && (
        <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{refused.message}</p>
          <ul className="mt-2 list-disc pl-5">
            {refused.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
