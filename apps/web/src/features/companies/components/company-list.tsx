import { companyStatusLabels, formatPrice, paymentTermsLabels, type CompanySummary } from '@autoparts/shared';
import { useEffect, useId, useRef, type Ref } from 'react';
import { pagedListFocusClass } from '../../../components/pager';
import { ActionButton } from '../../admin/components/action-button';

interface CompanyListProps {
  companies: CompanySummary[];
  /** The company whose Edit button gets the focus back once its edit is saved or cancelled. */
  returnFocusTo?: string | undefined;
  onEdit: (company: CompanySummary) => void;
  /** The list, focusable: the page's Pager takes the keyboard to it. */
  ref?: Ref<HTMLUListElement>;
}

/** Every company as a card (a table would not fit a phone): its terms, limit and members. */
export function CompanyList({ companies, returnFocusTo, onEdit, ref }: CompanyListProps) {
  return (
    <ul ref={ref} tabIndex={-1} aria-label="Companies" className={`grid gap-3 lg:grid-cols-2 ${pagedListFocusClass}`}>
      {companies.map((company) => (
        <li key={company.id} className="min-w-0">
          <CompanyCard company={company} focusEdit={returnFocusTo === company.id} onEdit={() => onEdit(company)} />
        </li>
      ))}
    </ul>
  );
}

function CompanyCard({ company, focusEdit, onEdit }: { company: CompanySummary; focusEdit: boolean; onEdit: () => void }) {
  const nameId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editRef.current?.focus();
  }, [focusEdit]);
  const onHold = company.status === 'on-hold';
  return (
    <article aria-labelledby={nameId} className={`h-full rounded-xl border p-4 text-sm ${onHold ? 'border-dashed border-amber-400 bg-amber-50' : 'border-slate-200'}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={nameId} className="min-w-0 text-base font-bold break-words text-ink">
          {company.name}
        </h2>
        {onHold && <span className="inline-flex rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{companyStatusLabels[company.status]}</span>}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium text-slate-500">Tax id</dt>
        <dd className="min-w-0 break-words">{company.taxId || '—'}</dd>
        <dt className="font-medium text-slate-500">Terms</dt>
        <dd>{company.paymentTerms ? paymentTermsLabels[company.paymentTerms] : 'Card only'}</dd>
        <dt className="font-medium text-slate-500">Credit limit</dt>
        <dd>{company.creditLimit === null ? 'None' : formatPrice(company.creditLimit)}</dd>
        <dt className="font-medium text-slate-500">PO number</dt>
        <dd>{company.poRequired ? 'Required' : 'Optional'}</dd>
        <dt className="font-medium text-slate-500">Members</dt>
        <dd>{company.members === 0 ? 'None yet (invitation sent)' : company.members}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* Named after its company ("Edit Fleetco"): a list of the page's buttons is not six "Edit". */}
        <ActionButton ref={editRef} onClick={onEdit} aria-label={`Edit ${company.name}`}>
          Edit
        </ActionButton>
      </div>
    </article>
  );
}
