import type { Order, OrderDetail, Part, PartDetail, Vehicle } from '@autoparts/shared';

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
    ...overrides,
  };
}

export function aVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return { _id: 'vehicle-1', year: 2018, make: 'Toyota', model: 'Corolla', engine: '', ...overrides };
}

/** An order of Jane's; `price` is the order's total. */
export function anOrder(overrides: Partial<Order> = {}): Order {
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
