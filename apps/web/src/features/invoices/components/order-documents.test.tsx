import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../test/orders';
import { OrderDocuments } from './order-documents';

describe('OrderDocuments', () => {
  it('links the invoice and each credit note as PDFs, named for screen readers', () => {
    render(
      <OrderDocuments
        order={anOrder({
          _id: 'order-7',
          orderNumber: '100007',
          invoiceNumber: 'INV-000012',
          creditNotes: [{ number: 'CN-000003', amount: 12.5, issuedAt: '2026-11-20T10:00:00.000Z' }],
        })}
      />,
    );
    const invoice = screen.getByRole('link', { name: 'Download invoice INV-000012 (PDF), order 100007' });
    expect(invoice).toHaveAttribute('href', '/api/order/order-7/invoice.pdf');
    expect(invoice).toHaveAttribute('download', 'INV-000012.pdf');
    const note = screen.getByRole('link', { name: 'Download credit note CN-000003 (PDF), order 100007' });
    expect(note).toHaveAttribute('href', '/api/order/order-7/credit-notes/CN-000003.pdf');
  });

  it('shows nothing for an order without documents (unpaid)', () => {
    const { container } = render(<OrderDocuments order={anOrder()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
