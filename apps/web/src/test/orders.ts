import type { MyOrder, Order, OrderDetail, Part, PartDetail, Vehicle } from '@autoparts/shared';

export function aPart(overrides: Partial<Part> = {}): Part {
  return {
    _id: 'part-1',
    name: 'Brake Pads',
    description: 'Ceramic pads for quiet, clean stops.',
    img: '/images/parts/brake-pads.svg',
    price: 12.5,
    availableQuantity: 40,
    minOrderQuantity: 5,
    ...overrides,
  };
}

/** `GET /part/{id}`: the part with its catalogue fields. */
export function aPartDetail(overrides: Partial<PartDetail> = {}): PartDetail {
  return {
    ...aPart(),
    category: { slug: 'brakes', name: 'Brakes' },
    partNumber: 'BRK-1001',
    oemNumbers: ['04465-33450', '04465-02220'],
    specs: [
      { name: 'Position', value: 'Front' },
      { name: 'Friction material', value: 'Ceramic' },
    ],
    weightKg: 0.8,
    priceBreaks: [],
    coreDeposit: null,
    warrantyMonths: null,
    lifecycle: { code: '2', label: 'Available to order' },
    replacedBy: null,
    replaces: [],
    interchange: [],
    kit: null,
    inKits: [],
    formerNumbers: [],
    gtin: null,
    package: { weightGrams: 800, lengthMm: null, widthMm: null, heightMm: null },
    descriptions: [],
    applications: [],
    ...overrides,
  };
}

export function aVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return { _id: 'vehicle-1', year: 2018, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', ...overrides };
}

/** An order of Jane's, as My Orders has it (which she may still cancel or return); `price` is the order's total. */
/** What an order line says of its warranty and returns before it ships: nothing runs, nothing may go back. */
export const notShippedYet = { warrantyUntil: null, returnUntil: null, coreReturnUntil: null, returnable: 0, coresReturnable: 0 } as const;

/**
 * A part line of a delivered order as the API answers it: within its return window (and its
 * core's, with a deposit), every unit still returnable (decision 164).
 */
export function deliveredLine<Line extends { kind: string; quantity: number }>(line: Line, { deposit = 0 } = {}) {
  if (line.kind !== 'part') return line;
  return { ...line, returnUntil: '2099-01-01T00:00:00.000Z', returnable: line.quantity, coreReturnUntil: deposit > 0 ? '2099-03-01T00:00:00.000Z' : null, coresReturnable: deposit };
}

export function anOrder(overrides: Partial<MyOrder> = {}): MyOrder {
  return {
    _id: 'order-1',
    partId: 'part-1',
    name: 'Brake Pads',
    img: '/images/parts/brake-pads.svg',
    price: 62.5,
    unitPrice: 12.5,
    orderQuantity: 5,
    address: '1200 Foundry Road, Detroit',
    email: 'jane@example.com',
    customername: 'Jane Doe',
    paid: false,
    status: 'unpaid',
    transactionId: null,
    paymentProvider: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    expiresAt: null,
    orderNumber: '100042',
    lines: [
      { kind: 'part', vehicleId: null, fitChecked: false, partId: 'part-1', partNumber: 'BRK-1001', name: 'Brake Pads', img: '/images/parts/brake-pads.svg', quantity: 5, unitPrice: 12.5, lineTotal: 62.5, ...notShippedYet },
    ],
    subtotal: 62.5,
    shipping: { method: null, estimate: null, price: 0 },
    tax: 0,
    taxLabel: 'Tax',
    total: 62.5,
    shippingAddress: null,
    poNumber: null,
    note: null,
    shipments: [],
    deliveredAt: null,
    timeline: [{ kind: 'placed', at: '2024-05-01T10:00:00.000Z', label: 'Order placed', url: null }],
    invoiceNumber: null,
    creditNotes: [],
    mayAct: true,
    ...overrides,
  };
}

/** `GET /order/{id}`: the order and its part. */
export function anOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...anOrder(),
    description: 'Ceramic pads for quiet, clean stops.',
    availableQuantity: 35,
    minOrderQuantity: 5,
    ...overrides,
  };
}

export const paidWith = (transactionId: string) => ({ paid: true, status: 'paid' as const, transactionId });

/** A checkout's order of two lines, shipped to an address of the address book, with shipping and tax. */
export function aCheckoutOrder(overrides: Partial<Order> = {}): Order {
  return anOrder({
    name: 'Brake Pads + 1 more',
    price: 164.28,
    orderQuantity: 13,
    unitPrice: 11,
    address: 'Ada Garage, 100 Main Street, Springfield, IL 62701, United States',
    orderNumber: '100043',
    lines: [
      { kind: 'part', vehicleId: null, fitChecked: false, partId: 'part-1', partNumber: 'BRK-1001', name: 'Brake Pads', img: '/images/parts/brake-pads.svg', quantity: 10, unitPrice: 11, lineTotal: 110, ...notShippedYet },
      { kind: 'part', vehicleId: null, fitChecked: false, partId: 'part-2', partNumber: 'CLP-2002', name: 'Caliper Clip', img: '/images/parts/clip.svg', quantity: 3, unitPrice: 5, lineTotal: 15, ...notShippedYet },
    ],
    subtotal: 125,
    shipping: { method: 'Standard', estimate: '3–5 business days', price: 29.62 },
    tax: 9.66,
    taxLabel: 'Illinois sales tax 7.73 %',
    total: 164.28,
    shippingAddress: {
      name: 'Ada Garage',
      company: '',
      line1: '100 Main Street',
      line2: '',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
      phone: '+1 217 555 0100',
    },
    poNumber: 'PO-7731',
    ...overrides,
  });
}
