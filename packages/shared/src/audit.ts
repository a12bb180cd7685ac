import { z } from 'zod';
import { queryWholeNumber } from './form-fields';

/** Every admin action the audit log records, in the order the audit log screen offers them. */
export const AUDIT_ACTIONS = [
  'order.ship',
  'order.deliver',
  'order.cancel',
  'return.approve',
  'return.reject',
  'return.receive',
  'return.refund',
  'part.add',
  'part.update',
  'part.restock',
  'part.archive',
  'part.unarchive',
  'part.catalogue',
  'fitment.import',
  'fitment.export',
  'fitment.remove',
  'catalogue.import',
  'catalogue.part-type-categories',
  'fitment-report.dismiss',
  'fitment-report.remove-fitment',
  'image.upload',
  'review.hide',
  'review.show',
  'review.hide-author',
  'user.make-admin',
  'user.remove-admin',
  'user.remove',
  'shipping-method.add',
  'shipping-method.update',
  'shipping-method.remove',
  'tax-rate.add',
  'tax-rate.update',
  'tax-rate.remove',
  'mail.resend',
  'settings.update',
  'company.add',
  'company.update',
  'price-list.add',
  'price-list.update',
  'price-list.remove',
  'company.payment',
  'certificate.verify',
  'certificate.reject',
  'certificate.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action in words, for the audit log screen's filter. */
export const auditActionLabels: Record<AuditAction, string> = {
  'order.ship': 'Order shipped (a parcel)',
  'order.deliver': 'Order delivered',
  'order.cancel': 'Order cancelled',
  'return.approve': 'Return approved',
  'return.reject': 'Return rejected',
  'return.receive': 'Return received',
  'return.refund': 'Return refunded',
  'part.add': 'Product added',
  'part.update': 'Product edited',
  'part.restock': 'Product restocked',
  'part.archive': 'Product archived',
  'part.unarchive': 'Product back in the shop',
  'part.catalogue': 'Catalogue details edited',
  'fitment.import': 'Fitment imported',
  'fitment.export': 'Fitment exported',
  'fitment.remove': 'Vehicle removed from a fitment',
  'catalogue.import': 'Catalogue data uploaded',
  'catalogue.part-type-categories': 'Part type categories changed',
  'fitment-report.dismiss': 'Fitment report dismissed',
  'fitment-report.remove-fitment': 'Fitment removed on a report',
  'image.upload': 'Photo uploaded',
  'review.hide': 'Review hidden',
  'review.show': 'Review shown again',
  'review.hide-author': 'All reviews of an author hidden',
  'user.make-admin': 'User made an admin',
  'user.remove-admin': 'Admin made a customer',
  'user.remove': 'User removed',
  'shipping-method.add': 'Shipping method added',
  'shipping-method.update': 'Shipping method edited',
  'shipping-method.remove': 'Shipping method deleted',
  'tax-rate.add': 'Tax rate added',
  'tax-rate.update': 'Tax rate edited',
  'tax-rate.remove': 'Tax rate deleted',
  'mail.resend': 'E-mail resent',
  'settings.update': 'Shop settings changed',
  'company.add': 'Company created',
  'company.update': 'Company edited',
  'price-list.add': 'Price list created',
  'price-list.update': 'Price list edited',
  'price-list.remove': 'Price list deleted',
  'company.payment': 'Payment recorded',
  'certificate.verify': 'Resale certificate verified',
  'certificate.reject': 'Resale certificate rejected',
  'certificate.revoke': 'Resale certificate revoked',
};

/** The audit log screen's page size, and the most one request may ask for. */
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_LIMIT_MAX = 100;
export const AUDIT_SEARCH_MAX = 200;

export const auditMessages = {
  dateRange: 'The “to” date is before the “from” date.',
  noneYet: 'No admin actions yet.',
  noMatch: 'No entries match these filters.',
  /**
   * How many entries the filters match, said after a change (decision 227). The server pages the log
   * without a total: the count is the whole list's only on a first page that is not full.
   */
  count: (entries: number, wholeList: boolean) => `${entries === 1 ? '1 entry' : `${entries} entries`}${wholeList ? '' : ' on this page'}`,
} as const;

const instant = z.iso.datetime({ offset: true, error: 'A time is written as ISO 8601 (2026-12-01T05:00:00.000Z)' });

/**
 * `GET /api/admin/audit`: newest first, `limit` a page (at most 100), filtered by the admin's
 * e-mail (`actor`, in any case), the action, a time range (`from` included, `to` not: the browser sends the
 * start of the admin's first day and of the day after the last, in the admin's time zone) and a
 * search (`q`): an order number, a part number or an e-mail, a part of one will do.
 */
export const auditQuerySchema = z
  .object({
    limit: queryWholeNumber(z.number().int().min(1).max(AUDIT_LIMIT_MAX)).default(20),
    page: queryWholeNumber(z.number().int().min(1).max(10_000)).default(1),
    actor: z.string().trim().toLowerCase().max(AUDIT_SEARCH_MAX).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: instant.optional(),
    to: instant.optional(),
    q: z.string().trim().max(AUDIT_SEARCH_MAX).optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || Date.parse(query.from) < Date.parse(query.to), { path: ['to'], message: auditMessages.dateRange });
export type AuditFilters = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  /**
   * The entry in words, with what it changed, after the admin's e-mail: "shipped 22 of 32 ×
   * Vented Brake Rotor (BRK-2001) of order 100042 (jane@example.com) by UPS 1Z 999 AA1 01 2345 6784".
   * Written by the server, the one place that reads audit rows.
   */
  sentence: z.string(),
  createdAt: z.string(),
});
export const auditListSchema = z.array(auditEntrySchema);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The admins who appear in the audit log, for its filter. */
export const auditActorsSchema = z.array(z.string());
