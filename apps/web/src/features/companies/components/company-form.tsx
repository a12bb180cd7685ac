import {
  COMPANY_STATUSES,
  companyMessages,
  companyCreateSchema,
  companyStatusLabels,
  companyUpdateSchema,
  PAYMENT_TERMS,
  paymentTermsLabels,
  type CompanyCreateInput,
  type CompanyExpected,
  type CompanySummary,
  type CompanyUpdateInput,
  dollarsToDecimalText,
} from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormActions } from '../../../components/form-actions';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { adminNotices } from '../../admin/admin-notices';
import { fieldChangedOf } from '../../admin/api/update-part';
import { useCollectionSave } from '../../admin/components/collection-save';
import { checkedWhenSent } from '../../../lib/form-checking';

/** The form holds text, as typed; the shared schema reads the figures (SPEC §3). */
interface CompanyFormValues {
  name: string;
  /** Creating only: an edit sends no owner (the company's schema refuses a field it does not change). */
  ownerEmail?: string;
  taxId: string;
  /** Editing only: a new company is active, and its create schema (strict, decision 136) has no status. */
  status?: 'active' | 'on-hold';
  paymentTerms: string;
  creditLimit: string;
  poRequired: boolean;
}

/** A new company's form: exactly the create schema's fields, each sent as typed. */
const emptyCompany: CompanyFormValues = { name: '', ownerEmail: '', taxId: '', paymentTerms: '', creditLimit: '', poRequired: false };
const termsOptions = [{ value: '', label: 'None: card payment only' }, ...PAYMENT_TERMS.map((terms) => ({ value: terms, label: paymentTermsLabels[terms] }))];
const statusOptions = COMPANY_STATUSES.map((status) => ({ value: status, label: companyStatusLabels[status] }));

function valuesOf(company: CompanySummary): CompanyFormValues {
  return {
    name: company.name,
    taxId: company.taxId,
    status: company.status,
    paymentTerms: company.paymentTerms ?? '',
    creditLimit: company.creditLimit === null ? '' : dollarsToDecimalText(company.creditLimit),
    poRequired: company.poRequired,
  };
}

/** The fields the edit form changes and the server holds to what it loaded (decision 125). */
const CHECKED_FIELDS = ['name', 'taxId', 'status', 'paymentTerms', 'creditLimit', 'poRequired'] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];

/** The company as the API gave it: what `expected` says the form loaded. */
const loadedOf = (company: CompanySummary): Pick<CompanyExpected, CheckedField> => Object.fromEntries(CHECKED_FIELDS.map((field) => [field, company[field]]));

type CompanyFormProps =
  | { company?: undefined; pending: boolean; onSave: (input: CompanyCreateInput) => Promise<unknown>; onCancel?: undefined }
  | { company: CompanySummary; pending: boolean; onSave: (input: CompanyUpdateInput) => Promise<unknown>; onCancel: () => void };

/** Create a company (with its owner's e-mail) or edit one (status, terms, limit, PO required). */
export function CompanyForm(props: CompanyFormProps) {
  const { company, pending, onCancel } = props;
  const headingId = useId();
  const form = useForm<CompanyFormValues, unknown, CompanyCreateInput | CompanyUpdateInput>({
    resolver: zodResolver(company ? companyUpdateSchema : companyCreateSchema) as never,
    ...checkedWhenSent,
    defaultValues: company ? valuesOf(company) : emptyCompany,
  });
  const {
    register,
    formState: { errors },
  } = form;
  // What the form loaded, as the API gave it; a field's value now once a 409 has said it (a second
  // Save then puts the admin's value in its place, as Manage Products' editor does).
  const loaded = useRef(company ? loadedOf(company) : undefined);

  /** Sends only the fields changed, each with what the form loaded of it: another admin's save since is a 409, not overwritten. */
  async function saveChanges(input: Record<CheckedField, unknown>, save: (input: CompanyUpdateInput) => Promise<unknown>) {
    const was = loaded.current ?? {};
    const fields = CHECKED_FIELDS.filter((field) => input[field] !== undefined && input[field] !== was[field]);
    if (fields.length === 0) {
      toast.info(adminNotices.nothingChanged);
      onCancel?.();
      return;
    }
    const changes = Object.fromEntries(fields.map((field) => [field, input[field]])) as CompanyUpdateInput;
    try {
      await save({ ...changes, expected: Object.fromEntries(fields.map((field) => [field, was[field]])) });
    } catch (error) {
      const changed = fieldChangedOf(error);
      if (!changed || !(CHECKED_FIELDS as readonly string[]).includes(changed.field)) throw error;
      loaded.current = { ...was, [changed.field]: changed.current };
      form.setError(changed.field as CheckedField, { type: 'server', message: `${changed.message} ${adminNotices.staleKept}` }, { shouldFocus: true });
    }
  }

  const onSubmit = useCollectionSave(form, {
    adding: !company,
    empty: emptyCompany,
    firstField: 'name',
    // A 409 is the name taken (decision 107) or, creating, the owner in another company already.
    conflictField: (message) => (company || message === companyMessages.nameTaken(form.getValues('name').trim()) ? 'name' : 'ownerEmail'),
    onSave: (input) => (props.company ? saveChanges(input as Record<CheckedField, unknown>, props.onSave) : props.onSave(input as CompanyCreateInput)),
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId} className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
      <h2 id={headingId} className="min-w-0 text-xl font-bold break-words text-ink sm:col-span-2">
        {company ? `Edit “${company.name}”` : 'Create a company'}
      </h2>
      <TextField label="Company name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      {company ? (
        <SelectField label="Status" options={statusOptions} error={errors.status?.message} {...register('status')} />
      ) : (
        <TextField
          label="Owner’s e-mail"
          type="email"
          autoComplete="off"
          hint="A customer who has confirmed this e-mail becomes the owner at once; anyone else is e-mailed an invitation."
          error={errors.ownerEmail?.message}
          {...register('ownerEmail')}
        />
      )}
      <TextField label="Tax id (optional)" autoComplete="off" error={errors.taxId?.message} {...register('taxId')} />
      <SelectField label="Payment terms" options={termsOptions} error={errors.paymentTerms?.message} {...register('paymentTerms')} />
      <TextField
        label="Credit limit ($)"
        inputMode="decimal"
        autoComplete="off"
        hint="Empty: no credit limit."
        error={errors.creditLimit?.message}
        {...register('creditLimit')}
      />
      <CheckboxField label="A PO number is required on every order" className="sm:col-span-2" error={errors.poRequired?.message} {...register('poRequired')} />
      <FormActions pending={pending} onCancel={onCancel} className="sm:col-span-2">
        {company ? 'Save changes' : 'Create company'}
      </FormActions>
    </form>
  );
}
