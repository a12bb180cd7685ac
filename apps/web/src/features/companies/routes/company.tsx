import { ACCOUNTS_ROLES, CERTIFICATE_ROLES, companyRoleLabels, companyStatusLabels, companyStatusMeanings, formatPrice, paymentTermsLabels } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { pageTitle } from '../../../content/site';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { myCompanyQuery } from '../api/companies';
import { CompanyAccount } from '../components/company-account';
import { CompanyInvoices } from '../components/company-invoices';
import { CompanyLocations } from '../components/company-locations';
import { CompanyMembers } from '../components/company-members';
import { CompanyOrders } from '../components/company-orders';

/** /dashboard/company: the member's company, its members, locations and orders (decision 075); its account for owner and accounts members (decision 081). */
export function Component() {
  const company = useQuery({ ...myCompanyQuery, retry: (failures, error) => !isApiError(error, 404) && failures < 2 });
  const { data: me } = useMe();

  return (
    <section aria-labelledby="company-heading" className="grid max-w-5xl gap-8">
      <title>{pageTitle('Company')}</title>
      {company.isError ? (
        isApiError(company.error, 404) ? (
          <NotAMember />
        ) : (
          <LoadFailed what="your company" onRetry={() => void company.refetch()} />
        )
      ) : company.isPending ? (
        <LoadingBlock label="Loading your company" />
      ) : (
        <>
          <div>
            <h1 id="company-heading" className="text-3xl font-extrabold break-words text-ink">
              {company.data.name}
            </h1>
            <p className="mt-2 text-slate-600">Your role: {companyRoleLabels[company.data.role]}</p>
          </div>
          <dl className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3 sm:p-6">
            {/* On hold says what it stops and what goes on (decision 219), read out with the status. */}
            <Fact label="Status" value={companyStatusLabels[company.data.status]} note={companyStatusMeanings[company.data.status]} />
            <Fact label="Tax id" value={company.data.taxId || '—'} />
            <Fact label="Payment terms" value={company.data.paymentTerms ? paymentTermsLabels[company.data.paymentTerms] : 'Card payment'} />
            {/* A company that paid ahead owes nothing: its credit is said as one, not as "owed −$150.00". */}
            {company.data.balance < 0 ? (
              <Fact label="In credit" value={formatPrice(-company.data.balance)} />
            ) : (
              <Fact label="Balance owed" value={formatPrice(company.data.balance)} />
            )}
            <Fact label="Credit limit" value={company.data.creditLimit === null ? '—' : formatPrice(company.data.creditLimit)} />
            <Fact label="Available" value={company.data.available === null ? '—' : formatPrice(company.data.available)} />
            <Fact label="PO number" value={company.data.poRequired ? 'Required on every order' : 'Optional'} />
          </dl>
          {ACCOUNTS_ROLES.includes(company.data.role) && (
            <>
              <CompanyInvoices />
              <CompanyAccount companyName={company.data.name} givenBack={company.data.givenBack} />
            </>
          )}
          <CompanyMembers isOwner={company.data.role === 'owner'} myEmail={me?.email ?? ''} companyName={company.data.name} />
          <CompanyLocations isOwner={company.data.role === 'owner'} mayManageCertificates={CERTIFICATE_ROLES.includes(company.data.role)} />
          <CompanyOrders />
        </>
      )}
    </section>
  );
}

/** No company (any more): after leaving one, the focus, lost with the button, comes to the heading. */
function NotAMember() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus();
  }, []);
  return (
    <div>
      <h1 id="company-heading" ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-ink focus:outline-none">
        Company
      </h1>
      <p className="mt-2 text-slate-700">You are not a member of a company. An owner of one can invite you by e-mail.</p>
    </div>
  );
}

function Fact({ label, value, note = null }: { label: string; value: string; note?: string | null }) {
  return (
    <div className={note ? 'sm:col-span-3' : undefined}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-ink">
        {value}
        {note && <span className="mt-1 block text-sm font-normal text-slate-700">{note}</span>}
      </dd>
    </div>
  );
}
