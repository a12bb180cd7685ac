import type { AdminReturn, ReturnRequest } from '@autoparts/shared';

/** A customer's return as `GET /returns` answers it: requested, one line of two Vented Brake Rotors. */
export function aReturn(overrides: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    id: 'ret-1',
    rmaNumber: 'RMA-000007',
    orderId: 'order-1',
    orderNumber: '1042',
    status: 'requested',
    reason: 'defective',
    note: '',
    lines: [{ partId: 'part-1', partNumber: 'BR-100', name: 'Vented Brake Rotor', quantity: 2, unitPrice: 64.5, action: null, depositsBack: 0 }],
    refundAmount: null,
    paymentMethod: 'card',
    restockingFee: 0,
    creditNoteNumber: null,
    fitPromise: false,
    resolution: null,
    rejectionReason: null,
    replacementOrderId: null,
    replacementOrderNumber: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}

/** A return as an admin's list answers it (`GET /admin/returns`): `aReturn` and its customer. */
export function anAdminReturn(overrides: Partial<AdminReturn> = {}): AdminReturn {
  return { ...aReturn(), email: 'rivera@example.com', customerName: 'Rivera’s Garage', ...overrides };
}
