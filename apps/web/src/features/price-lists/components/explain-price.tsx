import { explainQuerySchema, formatPrice, type ExplainQuery, type PriceListSummary } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { customerMessage } from '../../../lib/api-client';
import { explainQuery } from '../api/price-lists';
import { checkedWhenSent } from '../../../lib/form-checking';

interface ExplainValues {
  companyId: string;
  partNumber: string;
  quantity: string;
}

const schemaResolver = zodResolver(explainQuerySchema);
/**
 * The shared schema on the query as sent: no company is "anyone else", not an empty id; the
 * quantity as typed, trimmed (a query's whole number is digits only, decision 188).
 */
const resolver: Resolver<ExplainValues, unknown, ExplainQuery> = (values, context, options) =>
  schemaResolver({ ...values, companyId: values.companyId || undefined, quantity: values.quantity.trim() } as never, context, options as never) as unknown as ReturnType<Resolver<ExplainValues, unknown, ExplainQuery>>;

/**
 * "Why this price": a part's unit price for a company and a quantity, the list price, the retail
 * and contract prices of that quantity beside it (the lower wins, decision 104), and the rule in
 * words. The companies offered are those some list is assigned to: any other pays the
 * list price, as "Anyone else" shows.
 */
export function ExplainPrice({ lists }: { lists: readonly PriceListSummary[] }) {
  const headingId = useId();
  const [asked, setAsked] = useState<ExplainQuery | undefined>();
  const answer = useQuery({ ...explainQuery(asked ?? { partNumber: '' }), enabled: asked !== undefined });
  const form = useForm<ExplainValues, unknown, ExplainQuery>({ resolver, ...checkedWhenSent, defaultValues: { companyId: '', partNumber: '', quantity: '1' } });
  const {
    register,
    formState: { errors },
  } = form;
  const companies = [...new Map(lists.flatMap((list) => list.companies).map((company) => [company.id, company])).values()].sort((a, b) => a.name.localeCompare(b.name));
  const companyOptions = [{ value: '', label: 'Anyone else (no company)' }, ...companies.map((company) => ({ value: company.id, label: company.name }))];

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-ink">
        Why this price
      </h2>
      <form noValidate aria-label="Explain a price" onSubmit={(event) => void form.handleSubmit((query) => setAsked(query))(event)} className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-start">
        {/* A select is as wide as its longest option unless told: a company’s long name widened the page. */}
        <SelectField label="Company" className="min-w-0" options={companyOptions} error={errors.companyId?.message} {...register('companyId')} />
        <TextField label="Part number" autoComplete="off" error={errors.partNumber?.message} {...register('partNumber')} />
        <TextField label="Quantity" inputMode="numeric" autoComplete="off" error={errors.quantity?.message} {...register('quantity')} />
        <div className="sm:mt-7">
          <SubmitButton pending={asked !== undefined && answer.isFetching}>Explain</SubmitButton>
        </div>
      </form>
      <div aria-live="polite" className="text-sm">
        {asked === undefined ? null : answer.isPending ? (
          <p className="flex items-center gap-2 text-slate-600">
            <Spinner className="size-4" /> Working out the price…
          </p>
        ) : answer.isError ? (
          <p role="alert" className="font-medium text-red-700">
            {customerMessage(answer.error) ?? 'We could not work out the price right now.'}
          </p>
        ) : (
          <dl aria-label="The price explained" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-slate-700">
            <dt className="font-medium text-slate-500">Unit price</dt>
            <dd className="font-bold text-ink">{formatPrice(answer.data.unitPrice)}</dd>
            <dt className="font-medium text-slate-500">List price</dt>
            <dd>{formatPrice(answer.data.listPrice)}</dd>
            <dt className="font-medium text-slate-500">Retail price at this quantity</dt>
            <dd>{formatPrice(answer.data.retailPrice)}</dd>
            {answer.data.contractPrice !== null && (
              <>
                <dt className="font-medium text-slate-500">Contract price</dt>
                <dd>{formatPrice(answer.data.contractPrice)}</dd>
              </>
            )}
            <dt className="font-medium text-slate-500">Rule</dt>
            <dd className="min-w-0 break-words">{answer.data.rule}</dd>
          </dl>
        )}
      </div>
    </section>
  );
}
