import { COMPANIES_PAGE_SIZE, type CompanySummary } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Pager } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { useHasNextPage } from '../../../lib/next-page';
import { AdminPage } from '../../admin/components/admin-page';
import { useCollectionEditing } from '../../admin/components/collection-editing';
import { LoadError } from '../../admin/components/load-error';
import { fieldChangedOf } from '../../admin/api/update-part';
import { adminCompaniesQuery, useCreateCompany, useUpdateCompany } from '../api/companies';
import { CompanyForm } from '../components/company-form';
import { CompanyList } from '../components/company-list';
import { CompanyMoney } from '../components/company-money';
import { EmptyState } from '../../../components/empty-state';
import { CompanyPriceLists } from '../../price-lists/components/company-price-lists';

/**
 * /dashboard/companies (admins): the trade accounts, to create and to edit (decision 075); a
 * company's money (balance, open invoices, ledger, statements, recording a payment) under its edit
 * form (decision 107).
 */
export function Component() {
  const [page, setPage] = useState(1);
  // The list: a new page takes the keyboard there (Pager).
  const list = useRef<HTMLUListElement>(null);
  const companies = useQuery({ ...adminCompaniesQuery(page), placeholderData: keepPreviousData });
  const hasNext = useHasNextPage(adminCompaniesQuery(page + 1), companies.data?.length === COMPANIES_PAGE_SIZE);
  const create = useCreateCompany();
  // A field someone else saved since the form loaded is said at that field (decision 125).
  const update = useUpdateCompany({ saidInPlace: (error) => fieldChangedOf(error) !== undefined });
  const { editing, returnFocusTo, formRef, startEditing, stopEditing, closeOnEscape } = useCollectionEditing<CompanySummary>();

  return (
    <AdminPage title="Companies" intro="Trade accounts: a company's owner invites its buyers; its terms, credit limit and PO rule apply to every member.">
      {/* One column no wider than the page: a company’s long name wraps, not widens it (decision 125). */}
      <div className="grid grid-cols-1 gap-8">
        {companies.isError ? (
          <LoadError what="the companies" error={companies.error} onRetry={() => void companies.refetch()} />
        ) : companies.isPending ? (
          <LoadingBlock label="Loading the companies" />
        ) : companies.data.length === 0 ? (
          <EmptyState message="No companies yet: create the first one below." onFirstPage={page > 1 ? () => setPage(1) : undefined} />
        ) : (
          <div className="grid gap-4">
            <CompanyList ref={list} companies={companies.data} returnFocusTo={returnFocusTo} onEdit={startEditing} />
            <Pager list={list} page={page} onPage={setPage} hasNext={hasNext} loading={companies.isPlaceholderData} label="Companies pages" />
          </div>
        )}
        <div ref={formRef} onKeyDown={closeOnEscape} className="grid max-w-3xl scroll-mt-4 grid-cols-1 gap-8">
          {editing ? (
            <>
              <CompanyForm
              key={editing.id}
              company={editing}
              pending={update.isPending}
              onSave={(input) => update.mutateAsync({ id: editing.id, input }).then(() => stopEditing(editing.id))}
              onCancel={() => stopEditing(editing.id)}
              />
              <CompanyPriceLists companyId={editing.id} />
              <CompanyMoney company={editing} />
            </>
          ) : (
            <CompanyForm key="new" pending={create.isPending} onSave={(input) => create.mutateAsync(input)} />
          )}
        </div>
      </div>
    </AdminPage>
  );
}
