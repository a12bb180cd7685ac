import {
  accountMessages,
  formatDay,
  formatPrice,
  notices,
  type AdminCompanyAccount,
  type CompanyPayment,
  type CompanyPaymentInput,
  type InvoiceCardPaymentInput,
  type OpenInvoice,
  type CompanyRole,
  type PendingInvitation,
  companyMessages,
  companyRoleLabels,
  type AddressFields,
  type AdminCompany,
  type CompanyCreateInput,
  type CompanyCreated,
  type CompanyLocation,
  type CompanyMember,
  type CompanyOrder,
  type CompanySummary,
  type CompanyUpdateInput,
  type InvitationAccepted,
  type InvitationInput,
  type LedgerEntry,
  type MyCompany,
} from '@autoparts/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, customerMessage, isApiError } from '../../../lib/api-client';
import { leaveTo } from '../../../lib/location';
import { meQuery } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';

const companyKey = queryKeys.company;
/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
export const adminCompaniesKey = ['admin', 'companies'] as const;

export const myCompanyQuery = queryOptions({
  queryKey: [...companyKey, 'mine'],
  queryFn: ({ signal }) => api<MyCompany>('/company', { signal, auth: true }),
});
export const companyMembersQuery = queryOptions({
  queryKey: [...companyKey, 'members'],
  queryFn: ({ signal }) => api<CompanyMember[]>('/company/members', { signal, auth: true }),
});
export const companyLocationsQuery = queryOptions({
  queryKey: [...companyKey, 'locations'],
  queryFn: ({ signal }) => api<CompanyLocation[]>('/company/locations', { signal, auth: true }),
});
export const companyOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: [...companyKey, 'orders', page],
    queryFn: ({ signal }) => api<CompanyOrder[]>(`/company/orders?page=${page}`, { signal, auth: true }),
  });

/**
 * The company's orders still standing that carry `poNumber` (as checkout keeps one): checkout's
 * warning of an order placed twice (decision 187). Under the company's key, as its other reads.
 */
export const companyOrdersWithPoQuery = (poNumber: string) =>
  queryOptions({
    queryKey: [...companyKey, 'orders', 'po', poNumber],
    queryFn: ({ signal }) => api<CompanyOrder[]>(`/company/orders?poNumber=${encodeURIComponent(poNumber)}`, { signal, auth: true }),
  });

/** The company's ledger (owner and accounts members; decision 081). */
export const companyLedgerQuery = queryOptions({
  queryKey: [...companyKey, 'ledger'],
  queryFn: ({ signal }) => api<LedgerEntry[]>('/company/ledger', { signal, auth: true }),
});

/** The company's invoices with something open (owner and accounts members; decision 086). */
export const companyInvoicesQuery = queryOptions({
  queryKey: [...companyKey, 'invoices'],
  queryFn: ({ signal }) => api<OpenInvoice[]>('/company/invoices', { signal, auth: true }),
});

/**
 * Test mode: pays the chosen invoices with the test card (the server charges what they owe). The
 * caller shows a refusal; a 409 (paid meanwhile) and a success fetch the company's data again.
 */
export function usePayInvoicesByTestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceCardPaymentInput) => api<CompanyPayment>('/company/invoices/pay', { method: 'POST', auth: true, body: input }),
    onSuccess: (payment) => toast.success(accountMessages.invoicesPaid(formatPrice(payment.amount), payment.settles.length)),
    onSettled: (_payment, error) =>
      error && !isApiError(error, 409) ? undefined : queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}

/** With Stripe: off to a Checkout page for the chosen invoices; Stripe sends the member back to the Company page. */
export function useStartInvoicesCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invoiceNumbers: string[]) => {
      const { url } = await api<{ url: string }>('/company/invoices/checkout', { method: 'POST', auth: true, body: { invoiceNumbers } });
      leaveTo(url);
    },
    onError: (error) => (isApiError(error, 409) ? queryClient.invalidateQueries({ queryKey: companyKey }) : undefined),
  });
}

const failed = (error: unknown) => toast.error(notices.somethingWrong, { description: customerMessage(error) });

/**
 * A change of the company by a member: a toast either way, and the company's data fetched again.
 * `useAdminMutation`'s, so that a double click's second click, which comes before React draws
 * the first one's pending state, sends nothing more (decision 202).
 */
const useCompanyMutation = <TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>, success: (data: TData, variables: TVariables) => string) =>
  useAdminMutation({ mutationFn, success, failure: notices.somethingWrong, invalidates: [companyKey] });

export const useInvite = () =>
  useCompanyMutation(
    (input: InvitationInput) => api<{ message: string }>('/company/invitations', { method: 'POST', auth: true, body: input }),
    (sent) => sent.message,
  );

/** The invitations not yet accepted, withdrawn or expired (owners). */
export const companyInvitationsQuery = queryOptions({
  queryKey: [...companyKey, 'invitations'],
  queryFn: ({ signal }) => api<PendingInvitation[]>('/company/invitations', { signal, auth: true }),
});

export const useWithdrawInvitation = () =>
  useCompanyMutation(
    (invitation: PendingInvitation) => api<PendingInvitation[]>(`/company/invitations/${encodeURIComponent(invitation.id)}`, { method: 'DELETE', auth: true }),
    (_pending, invitation) => companyMessages.invitationWithdrawn(invitation.email),
  );

export const useChangeRole = () =>
  useCompanyMutation(
    ({ member, role }: { member: CompanyMember; role: CompanyRole }) =>
      api<CompanyMember[]>(`/company/members/${encodeURIComponent(member.userId)}`, { method: 'PATCH', auth: true, body: { role } }),
    (_members, { member, role }) => companyMessages.roleChanged(member.name, companyRoleLabels[role].toLowerCase()),
  );

export const useRemoveMember = () =>
  useCompanyMutation(
    (member: CompanyMember) => api<CompanyMember[]>(`/company/members/${encodeURIComponent(member.userId)}`, { method: 'DELETE', auth: true }),
    (_members, member) => companyMessages.memberRemoved(member.name),
  );

export const useAddLocation = () =>
  useCompanyMutation(
    (fields: AddressFields) => api<CompanyLocation>('/company/locations', { method: 'POST', auth: true, body: fields }),
    (location) => companyMessages.locationAdded(location.name),
  );

export const useRemoveLocation = () =>
  useCompanyMutation(
    (location: CompanyLocation) => api<unknown>(`/company/locations/${encodeURIComponent(location.id)}`, { method: 'DELETE', auth: true }),
    (_reply, location) => companyMessages.locationRemoved(location.name),
  );

/**
 * Leaves the company (decision 105): the member removes themselves. `me` is asked again, which
 * says they belong to no company, so every priced answer is dropped and asked again (retail now).
 */
export function useLeaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; companyName: string }) => api<CompanyMember[]>(`/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE', auth: true }),
    onSuccess: (_members, { companyName }) => toast.success(companyMessages.left(companyName)),
    onError: failed,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: companyKey }), queryClient.invalidateQueries({ queryKey: meQuery.queryKey })]),
  });
}

/** Accepts an invitation; the account now belongs to the company, which `me` says. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<InvitationAccepted>(`/company/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', auth: true, body: {} }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: companyKey }), queryClient.invalidateQueries({ queryKey: meQuery.queryKey })]),
  });
}

/** `GET /admin/companies`: a page of companies, newest first. */
export const adminCompaniesQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminCompaniesKey, 'list', page],
    queryFn: ({ signal }) => api<CompanySummary[]>(`/admin/companies?page=${page}`, { signal, auth: true }),
  });

export const adminCompanyQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminCompaniesKey, 'detail', id],
    queryFn: ({ signal }) => api<AdminCompany>(`/admin/companies/${encodeURIComponent(id)}`, { signal, auth: true }),
  });

export const useCreateCompany = () =>
  useAdminMutation({
    mutationFn: async (input: CompanyCreateInput) => ({ ...(await api<CompanyCreated>('/admin/companies', { method: 'POST', body: input, auth: true })), ownerEmail: input.ownerEmail.trim().toLowerCase() }),
    success: (_created, input) => companyMessages.companyCreated(input.name),
    detail: (created) => (created.owner === 'member' ? companyMessages.companyOwnerMember(created.ownerEmail) : companyMessages.companyOwnerInvited(created.ownerEmail)),
    invalidates: [adminCompaniesKey],
  });

/**
 * `PATCH /admin/companies/{id}` with `expected` (decision 125). `saidInPlace`: a 409 the form says
 * at the field it names, with no toast over it.
 */
export const useUpdateCompany = ({ saidInPlace }: { saidInPlace?: (error: unknown) => boolean } = {}) =>
  useAdminMutation({
    mutationFn: ({ id, input }: { id: string; input: CompanyUpdateInput }) =>
      api<AdminCompany>(`/admin/companies/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, auth: true }),
    success: (company) => companyMessages.companySaved(company.name),
    ...(saidInPlace && { saidInPlace }),
    invalidates: [adminCompaniesKey],
  });

/** `GET /admin/companies/{id}/account`: the company's money as the admins see it (decision 107). */
export const adminCompanyAccountQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminCompaniesKey, 'account', id],
    queryFn: ({ signal }) => api<AdminCompanyAccount>(`/admin/companies/${encodeURIComponent(id)}/account`, { signal, auth: true }),
  });

/**
 * `POST /admin/companies/{id}/payments`: a payment received. The same reference again is the
 * payment already recorded (`created: false`), which the toast says; the account is fetched again.
 */
export const useRecordPayment = (id: string) =>
  useAdminMutation({
    mutationFn: (input: CompanyPaymentInput) =>
      api<CompanyPayment>(`/admin/companies/${encodeURIComponent(id)}/payments`, { method: 'POST', body: input, auth: true }),
    success: (payment) => (payment.created ? accountMessages.paymentRecorded(payment.reference) : accountMessages.paymentAlreadyRecorded(payment.reference)),
    detail: (payment) => `${formatPrice(payment.amount)} received on ${formatDay(payment.receivedAt)}`,
    invalidates: [[...adminCompaniesKey, 'account', id]],
  });
