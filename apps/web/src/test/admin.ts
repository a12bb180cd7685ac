import type { AdminOrderPage, AdminPart, AdminReview, AuditEntry, Order } from '@autoparts/shared';
import { ADMIN_ORDERS_PAGE_SIZE } from '@autoparts/shared';

export function anAdminPart(overrides: Partial<AdminPart> = {}): AdminPart {
  return {
    _id: 'part-1',
    name: 'Brake Pads',
    description: 'Ceramic pads for quiet, clean stops.',
    img: '/images/parts/brake-pads.svg',
    price: 12.5,
    availableQuantity: 40,
    minOrderQuantity: 5,
    partNumber: 'BRK-1001',
    archived: false,
    weightKg: 0.8,
    priceBreaks: [],
    coreDeposit: null,
    warrantyMonths: null,
    openFitmentReports: 0,
    lifecycle: { code: '2', label: 'Available to order' },
    replacedBy: null,
    ...overrides,
  };
}

export function anAdminReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: 'review-1',
    name: 'Jane Doe',
    email: 'jane@example.com',
    description: 'Fast delivery, pads fit perfectly.',
    ratings: '4.5',
    hidden: false,
    createdAt: '2024-05-02T09:30:00.000Z',
    ...overrides,
  };
}

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'audit-1',
    actor: 'boss@example.com',
    action: 'user.make-admin',
    target: 'jane@example.com',
    details: {},
    sentence: 'made jane@example.com an admin',
    createdAt: '2024-05-03T12:00:00.000Z',
    ...overrides,
  };
}

/** `GET /admin/orders`: one page of `orders` out of `total`. */
export function anOrderPage(orders: Order[], { total = orders.length, page = 1 } = {}): AdminOrderPage {
  return { orders, total, page, pageSize: ADMIN_ORDERS_PAGE_SIZE };
}

/** The stub every admin page needs: its recent activity list. */
export const RECENT_ACTIVITY = 'GET /api/admin/audit?limit=5';
export const noActivity = { [RECENT_ACTIVITY]: { body: [] } };
