import { COMPANY_PRICE_LISTS_MAX, priceListMessages } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormActions } from '../../../components/form-actions';
import { LoadingBlock } from '../../../components/spinner';
import { paths } from '@autoparts/shared';
import { Link } from 'react-router';
import { LoadError } from '../../admin/components/load-error';
import { adminCompanyQuery, useUpdateCompany } from '../../companies/api/companies';
import { priceListsQuery } from '../api/price-lists';
import { inForce } from './price-list-list';

/**
 * The price lists of a company, on the admins' Companies screen (PATCH `priceListIds`): a checkbox
 * a list, in priority order, which is the order they are tried in.
 */
export function CompanyPriceLists({ companyId }: { companyId: string }) {
  const company = useQuery(adminCompanyQuery(companyId));
  const lists = useQuery(priceListsQuery());
  if (company.isError) return <LoadError what="the company’s price lists" error={company.error} onRetry={() => void company.refetch()} />;
  if (lists.isError) return <LoadError what="the price lists" error={lists.error} onRetry={() => void lists.refetch()} />;
  if (company.isPending || lists.isPending) return <LoadingBlock label="Loading the company’s price lists" />;
  return <AssignForm key={company.data.priceListIds.join()} companyId={companyId} companyName={company.data.name} assigned={company.data.priceListIds} lists={lists.data} />;
}

interface AssignFormProps {
  companyId: string;
  companyName: string;
  assigned: readonly string[];
  lists: ReadonlyArray<{ id: string; name: string; priority: number; startsAt: string | null; endsAt: string | null }>;
}

function AssignForm({ companyId, companyName, assigned, lists }: AssignFormProps) {
  const headingId = useId();
  const errorId = useId();
  const [chosen, setChosen] = useState(() => new Set(assigned));
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateCompany();

  function toggle(id: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    setError(next.size > COMPANY_PRICE_LISTS_MAX ? priceListMessages.tooManyLists : undefined);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (chosen.size > COMPANY_PRICE_LISTS_MAX) return;
    // Held to the lists this form loaded (decision 125): another admin's choice since is a 409 (said in
    // the toast), and the form shows the company's lists as they are now.
    update.mutate({ id: companyId, input: { priceListIds: lists.filter((list) => chosen.has(list.id)).map((list) => list.id), expected: { priceListIds: [...assigned] } } });
  }

  return (
    <form noValidate onSubmit={save} aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:p-6">
      <h2 id={headingId} className="min-w-0 text-xl font-bold break-words text-ink">
        Price lists of “{companyName}”
      </h2>
      {lists.length === 0 ? (
        <p className="text-slate-600">
          No price lists yet: <Link to={paths.priceLists} className="font-semibold text-brand-700 underline hover:no-underline">create one on the Price lists screen</Link>.
        </p>
      ) : (
        <fieldset aria-describedby={error ? errorId : undefined} className="grid min-w-0 gap-2">
          <legend className="mb-1 text-sm text-slate-600">Its members pay the first of these that prices a part (by priority); any other part, the list price.</legend>
          {lists.map((list) => (
            <CheckboxField
              key={list.id}
              label={`${list.name} (priority ${list.priority}, ${inForce(list).toLowerCase()})`}
              checked={chosen.has(list.id)}
              onChange={(event) => toggle(list.id, event.target.checked)}
            />
          ))}
        </fieldset>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {lists.length > 0 && <FormActions pending={update.isPending}>Save price lists</FormActions>}
    </form>
  );
}
