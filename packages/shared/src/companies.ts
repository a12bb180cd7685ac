import { z } from 'zod';
import { addressSchema } from './addresses';
import { placeCheckoutSchema } from './checkout';
import { adminMessages } from './admin';
import { formatDay } from './dates';
import { moneyField, queryWholeNumber, withoutDirectionControls } from './form-fields';
import { givenBackPaymentSchema, PAYMENT_METHODS, type PaymentMethod } from './ledger';
import { formatPrice } from './money';
import { hasEnded } from './order-process';
import { listInWords } from './text';
import { orderSchema, orderStatusLabels, pageQuerySchema, type OrderStatus } from './orders';
import { COMPANY_PRICE_LISTS_MAX, priceListMessages } from './price-lists';
import { emailSchema } from './users';

/**
 * Trade accounts, part 1 (issue 31, decision 075): companies, their members and roles,
 * invitations by e-mail, and locations (named addresses shared by the members).
 */

export const COMPANY_ROLES = ['owner', 'buyer', 'accounts', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: 'Owner',
  buyer: 'Buyer',
  accounts: 'Accounts',
  viewer: 'Viewer',
};
/**
 * What each role may do, as the Company page's invitation form explains it: what the server lets
 * it (decision 219). Every member sees the company's orders, members and locations, and may order
 * by card at the company's prices (a viewer too: decision 075 left that open); buyers and owners
 * order on account (`ON_ACCOUNT_ROLES`); owners and accounts members see and pay the invoices and
 * statements (`ACCOUNTS_ROLES`) and upload resale certificates (`CERTIFICATE_ROLES`); owners alone
 * invite and remove members and manage locations.
 */
export const companyRoleHints: Record<CompanyRole, string> = {
  owner: 'all of it: members, locations, orders on account, invoices, resale certificates',
  buyer: 'orders, by card or on account',
  accounts: 'pays invoices, statements, resale certificates, orders by card',
  viewer: 'sees orders, may order by card',
};

export const PAYMENT_TERMS = ['receipt', 'net7', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const paymentTermsLabels: Record<PaymentTerms, string> = {
  receipt: 'Due on receipt',
  net7: 'Net 7',
  net15: 'Net 15',
  net30: 'Net 30',
  net60: 'Net 60',
};

export const COMPANY_STATUSES = ['active', 'on-hold'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const companyStatusLabels: Record<CompanyStatus, string> = { active: 'Active', 'on-hold': 'On hold' };
/**
 * What a status means, beside it on the Company page (decision 219): on hold stops orders on
 * account only (checkout's `accountRefusal`); nothing else a member does waits for the hold.
 */
export const companyStatusMeanings: Record<CompanyStatus, string | null> = {
  active: null,
  'on-hold':
    'Orders on account are stopped until the shop lifts the hold. Orders by card at your company’s prices, invitations and resale certificate uploads go on.',
};

export const COMPANY_NAME_MAX = 120;
export const TAX_ID_MAX = 40;
/** A credit limit of up to ten million dollars fits the `integer` cents column with room. */
export const CREDIT_LIMIT_MAX = 10_000_000;
export const COMPANY_LOCATIONS_MAX = 50;
export const COMPANY_MEMBERS_MAX = 200;
/** Days an invitation's link works. */
export const INVITATION_DAYS = 7;
export const COMPANIES_PAGE_SIZE = 50;
export const companiesBodyLimit = 4 * 1024;

export const companyMessages = {
  /**
   * Checkout's warning (decision 187) when the PO number typed is already on orders of the company
   * still standing: most often the same order placed twice (a second tab, a colleague). It does not
   * refuse: a blanket PO may cover several orders.
   */
  poNumberOnOrders: (poNumber: string, orderNumbers: readonly string[]) => {
    return `PO number ${poNumber} is already on your company’s order${orderNumbers.length > 1 ? 's' : ''} ${listInWords(orderNumbers)}. Place this order only if it is not the same one again.`;
  },
  /**
   * How an order on account stands on the Company page, in place of its state's "Paid" (an order on
   * account is in the paid state from the start, decision 081, though its invoice may be open):
   * "On account, invoice due Jan 5, 2027", after the state's label once it has moved on.
   */
  orderOnAccount: (statusLabel: string | null, due: string) => `${statusLabel ? `${statusLabel} · on account` : 'On account'}, invoice due ${due}`,
  nameRequired: 'Company name is required',
  nameTooLong: `Company name must be at most ${COMPANY_NAME_MAX} characters`,
  taxIdTooLong: `Tax id must be at most ${TAX_ID_MAX} characters`,
  paymentTerms: 'Payment terms are one of: due on receipt, net 7, net 15, net 30, net 60',
  status: 'Status is active or on-hold',
  role: 'Role is one of: owner, buyer, accounts, viewer',
  creditLimit: `Credit limit is between ${formatPrice(0)} and ${formatPrice(CREDIT_LIMIT_MAX)}`,
  /** A second company of a name already taken (letter case aside): the lists and pickers could not tell them apart. */
  nameTaken: (name: string) => `There is already a company named “${name}”. Choose another name, or edit that company.`,
  notFound: 'Company not found',
  notMember: 'You are not a member of a company.',
  ownerOnly: 'Only an owner of the company may do this.',
  alreadyInCompany: (email: string) => `${email} already belongs to a company; a user belongs to at most one.`,
  alreadyMember: (email: string) => `${email} is already a member of this company.`,
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  invitationNotFound: 'This invitation link is not valid. Ask the company’s owner for a new one.',
  invitationExpired: 'This invitation has expired. Ask the company’s owner for a new one.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationRevoked: 'This invitation was withdrawn by the company’s owner. Ask them for a new one if you should join.',
  pendingInvitationNotFound: 'There is no pending invitation with this id: it was accepted, withdrawn or has expired.',
  invitationWithdrawn: (email: string) => `The invitation to ${email} is withdrawn`,
  roleChanged: (name: string, role: string) => `${name} is now ${role}`,
  invitationOtherEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  memberNotFound: 'Member not found',
  lastOwner: 'A company keeps at least one owner: make another member an owner first.',
  /** A member leaving their company (decision 105): what the confirmation asks, and the toast after. */
  leaveConfirm: (company: string) =>
    `Leave ${company}? You will no longer see its orders or order for it, and the shop’s own prices apply to you at once. An owner can invite you again.`,
  left: (company: string) => `You have left ${company}. The shop’s own prices apply to you now.`,
  /** What an owner's Remove asks before a member goes. */
  removeConfirm: (name: string, email: string) => `Remove ${name} (${email}) from the company? Their past orders stay the company’s.`,
  memberRemoved: (name: string) => `${name} is no longer a member`,
  tooManyMembers: `A company has at most ${COMPANY_MEMBERS_MAX} members.`,
  /** The admins' Companies screen: a company created, or its changes saved. */
  companyCreated: (name: string) => `Company “${name}” created`,
  /** Under it: who its owner is now, or that the address was e-mailed the owner invitation (decision 144). */
  companyOwnerMember: (email: string) => `${email} is its owner.`,
  companyOwnerInvited: (email: string) => `${email} was e-mailed the owner invitation: an account becomes the owner at once only when its address is confirmed.`,
  companySaved: (name: string) => `Company “${name}” saved`,
  /** An owner's locations: what Delete asks first, and the toasts of an added or deleted one. */
  locationRemoveConfirm: (name: string) => `Delete the location “${name}”? Orders placed for it keep their address.`,
  locationAdded: (name: string) => `Location “${name}” added`,
  locationRemoved: (name: string) => `Location “${name}” deleted`,
  locationNotFound: 'Location not found',
  tooManyLocations: `A company keeps at most ${COMPANY_LOCATIONS_MAX} locations. Delete one to add another.`,
  unknownCreateFields: (keys: readonly string[]) => `A company has no field ${keys.join(', ')}; the fields of a new company are ${COMPANY_CREATE_FIELDS.join(', ')}.`,
  unknownFields: (keys: readonly string[]) =>
    `A company has no field ${keys.join(', ')} to change; the fields are ${COMPANY_UPDATE_FIELDS.join(', ')}. Its owners are its members’ business: an owner invites one or makes a member an owner.`,
} as const;

/** An invoice's due date (YYYY-MM-DD) as the shop says it: "Jan 5, 2027" (decision 136), as every day is written (`formatDay`, decision 155). */
export function formatDueDay(dueOn: string): string {
  return formatDay(dueOn);
}

/**
 * How an order stands, in the same words on the Company page and on the order's own page: its
 * state's label, or for an order on account its invoice's due date in place of "Paid" ("On
 * account, invoice due Jan 5, 2027"; "Shipped · on account, invoice due …" once it has moved on;
 * decisions 133, 136). An order that has ended says only that.
 */
export function orderStanding(order: { status: OrderStatus; paymentMethod?: PaymentMethod | undefined; dueOn?: string | null | undefined }): string {
  const label = orderStatusLabels[order.status];
  if (order.paymentMethod !== 'account' || !order.dueOn || hasEnded(order.status)) return label;
  return companyMessages.orderOnAccount(order.status === 'paid' ? null : label, formatDueDay(order.dueOn));
}

const text = (label: string, max: number, tooLong: string) => z.string({ error: `${label} is required` }).trim().max(max, tooLong);
/** A yes or no, as JSON or as a form's "true"/"false". */
const yesNo = (label: string) =>
  z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: `${label} is yes or no` }));
const creditLimit = z.preprocess(
  (value) => (value === '' ? null : value),
  moneyField('Credit limit').pipe(z.number().min(0, companyMessages.creditLimit).max(CREDIT_LIMIT_MAX, companyMessages.creditLimit)).nullable(),
);
const paymentTerms = z.preprocess((value) => (value === '' ? null : value), z.enum(PAYMENT_TERMS, companyMessages.paymentTerms).nullable());
// Shown on invoices and to the company's members: no text-direction control (decision 216).
const companyName = withoutDirectionControls(text('Company name', COMPANY_NAME_MAX, companyMessages.nameTooLong).min(1, companyMessages.nameRequired), 'Company name');
const taxId = withoutDirectionControls(text('Tax id', TAX_ID_MAX, companyMessages.taxIdTooLong), 'Tax id');
export const companyRoleSchema = z.enum(COMPANY_ROLES, companyMessages.role);

/**
 * `POST /api/admin/companies`: `ownerEmail` of an existing customer makes them the owner at once;
 * any other address is sent an owner invitation. Money in dollars; null or absent: none.
 */
const companyCreateFields = {
  name: companyName,
  ownerEmail: emailSchema,
  taxId: taxId.optional(),
  paymentTerms: paymentTerms.optional(),
  creditLimit: creditLimit.optional(),
  poRequired: yesNo('PO required').optional(),
};
const COMPANY_CREATE_FIELDS = Object.keys(companyCreateFields);
/** Strict, as the update is (decision 136): a mistyped `creditlimit` is a 400 naming it, not a company with no limit. */
export const companyCreateSchema = z.strictObject(companyCreateFields, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? companyMessages.unknownCreateFields(issue.keys) : undefined),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;

/**
 * `PATCH /api/admin/companies/{id}`: the fields sent change, the rest stay. `priceListIds`, when
 * sent, are the company's price lists from then on (decision 080; the lists' priorities order them).
 */
const companyUpdateFields = {
  priceListIds: z.array(z.string().max(64)).max(COMPANY_PRICE_LISTS_MAX, priceListMessages.tooManyLists).optional(),
  name: companyName.optional(),
  taxId: taxId.optional(),
  status: z.enum(COMPANY_STATUSES, companyMessages.status).optional(),
  paymentTerms: paymentTerms.optional(),
  creditLimit: creditLimit.optional(),
  poRequired: yesNo('PO required').optional(),
};
const COMPANY_UPDATE_FIELDS = Object.keys(companyUpdateFields);

/**
 * What the edit form loaded of each field it changes, as the API gave it (decision 125): a field
 * someone else saved since is a 409 naming it, and nothing changes. Optional: a caller that sends
 * none writes as before.
 */
export const companyExpectedSchema = z.strictObject({
  name: z.string().max(1000).optional(),
  taxId: z.string().max(1000).optional(),
  status: z.enum(COMPANY_STATUSES).optional(),
  paymentTerms: z.enum(PAYMENT_TERMS).nullable().optional(),
  creditLimit: z.number().nullable().optional(),
  poRequired: z.boolean().optional(),
  priceListIds: z.array(z.string().max(64)).max(COMPANY_PRICE_LISTS_MAX).optional(),
});
export type CompanyExpected = z.infer<typeof companyExpectedSchema>;

/**
 * Strict: a field the company does not have (`ownerEmail`) is a 400 naming it, not a 200 that
 * changed nothing and an audit entry saying so.
 */
export const companyUpdateSchema = z.strictObject(
  { ...companyUpdateFields, expected: companyExpectedSchema.optional() },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? companyMessages.unknownFields(issue.keys) : undefined) },
);
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;

/** Each checked field of a company in the words of `adminMessages.fieldChanged`, and its value now when it can be said. */
const companyFieldWords: { [F in keyof CompanyExpected]-?: { label: string; say?: (value: NonNullable<CompanyExpected[F]> | null) => string } } = {
  name: { label: 'name', say: (name) => `“${name}”` },
  taxId: { label: 'tax id', say: (taxId) => (taxId ? taxId : 'none') },
  status: { label: 'status', say: (status) => (status === null ? 'none' : companyStatusLabels[status].toLowerCase()) },
  paymentTerms: { label: 'payment terms', say: (terms) => (terms === null ? 'card payment only' : paymentTermsLabels[terms].toLowerCase()) },
  creditLimit: { label: 'credit limit', say: (limit) => (limit === null ? 'none' : formatPrice(limit)) },
  poRequired: { label: 'PO rule', say: (required) => (required ? 'a PO number is required' : 'a PO number is optional') },
  priceListIds: { label: 'list of price lists' },
};

/** The 409's message for a company's `field`, whose stored value is now `current` (decision 125). */
export function companyFieldChangedMessage(field: keyof CompanyExpected, current: unknown): string {
  const { label, say } = companyFieldWords[field];
  return adminMessages.fieldChanged(label, say ? (say as (value: unknown) => string)(current) : undefined);
}

/** `PATCH /api/admin/companies/{id}`'s 409: a name taken (`message` alone), or a field someone else saved since (`field`, its value now). */
export const companyConflictSchema = z.object({ message: z.string(), field: z.string().optional(), current: z.unknown().optional() });

export const companyIdParamsSchema = z.object({ id: z.string().max(64) });
export const companiesQuerySchema = z.object({ page: queryWholeNumber(z.number().int().min(1).max(10_000)).default(1) });

const companyFields = {
  id: z.string(),
  name: z.string(),
  taxId: z.string(),
  status: z.enum(COMPANY_STATUSES),
  paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
  /** Dollars; null: no credit limit set. */
  creditLimit: z.number().nullable(),
  poRequired: z.boolean(),
};

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);

export const pendingInvitationSchema = z.object({ id: z.string(), email: z.string(), role: z.enum(COMPANY_ROLES), expiresAt: z.string() });

/** A line of the admins' list, newest first, `COMPANIES_PAGE_SIZE` a page. */
export const companySummarySchema = z.object({ ...companyFields, members: z.number(), createdAt: z.string() });
export type CompanySummary = z.infer<typeof companySummarySchema>;
export const companySummaryListSchema = z.array(companySummarySchema);

/** `GET /api/admin/companies/{id}`: the company with its members and pending invitations. */
export const adminCompanySchema = z.object({
  ...companyFields,
  /** Its price lists, by priority (decision 080). */
  priceListIds: z.array(z.string()),
  createdAt: z.string(),
  members: memberListSchema,
  invitations: z.array(pendingInvitationSchema),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;
/**
 * `POST /api/admin/companies`: the new company, and whether `ownerEmail` is its owner now
 * ('member': an account whose address is confirmed) or was e-mailed the owner invitation
 * ('invited': no account, or one nobody confirmed; decision 144).
 */
export const companyCreatedSchema = z.object({ id: z.string(), owner: z.enum(['member', 'invited']) });
export type CompanyCreated = z.infer<typeof companyCreatedSchema>;

/**
 * `GET /api/company`: the signed-in member's company and role; `balance` is what its ledger
 * sums to (owed, in dollars), `available` what the credit limit leaves (null: no limit; decision 081).
 * `givenBack`: the company's newest `ADMIN_LEDGER_RECENT` card payments given back whole, newest
 * first, as the admins' Account lists them (decision 228); only to owners and accounts members
 * (`ACCOUNTS_ROLES`, who see its ledger and payments), absent for buyers and viewers.
 */
export const myCompanySchema = z.object({
  ...companyFields,
  role: z.enum(COMPANY_ROLES),
  balance: z.number(),
  available: z.number().nullable(),
  givenBack: z.array(givenBackPaymentSchema).optional(),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

export const invitationInputSchema = z.object({ email: emailSchema, role: companyRoleSchema });
export type InvitationInput = z.input<typeof invitationInputSchema>;
export const invitationSentSchema = z.object({ message: z.string(), email: z.string(), role: z.enum(COMPANY_ROLES), expiresAt: z.string() });
export const invitationTokenParamsSchema = z.object({ token: z.string().max(100) });
/** The accepted invitation: the company joined, and the role. */
export const invitationAcceptedSchema = z.object({ companyId: z.string(), companyName: z.string(), role: z.enum(COMPANY_ROLES) });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
export const memberIdParamsSchema = z.object({ userId: z.string().max(64) });
/** `PATCH /api/company/members/{userId}`: the member's new role. */
export const memberRoleInputSchema = z.object({ role: companyRoleSchema });
export const pendingInvitationListSchema = z.array(pendingInvitationSchema);
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const invitationIdParamsSchema = z.object({ id: z.string().max(64) });

/** A location: its `name` ("Springfield workshop") and the address book's fields (its label's first line is the name). */
export const locationSchema = addressSchema.omit({ isDefault: true });
export type CompanyLocation = z.infer<typeof locationSchema>;
export const locationListSchema = z.array(locationSchema);
export const locationIdParamsSchema = z.object({ id: z.string().max(64) });

/**
 * `GET /api/company/orders`: an order as My Orders shows it, with who placed it and for which
 * location, how it was paid (`account`: invoiced to the company, decision 081) and, on account, its
 * invoice's due date (YYYY-MM-DD).
 */
export const companyOrderSchema = orderSchema.extend({
  placedBy: z.string(),
  location: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  dueOn: z.string().nullable(),
});
export type CompanyOrder = z.infer<typeof companyOrderSchema>;
export const companyOrderListSchema = z.array(companyOrderSchema);
/**
 * `GET /api/company/orders`'s query: a page of 20, and with `poNumber` only the company's orders not
 * ended (cancelled, expired) that carry that PO number, read as checkout keeps one (decision 187);
 * checkout asks it to warn of an order placed twice. Without it (or blank), every order, as before.
 */
export const companyOrdersQuerySchema = pageQuerySchema.extend({ poNumber: placeCheckoutSchema.shape.poNumber });
