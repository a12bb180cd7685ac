import type { ReturnRequest } from '@autoparts/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-with-router';
import { aReturn } from '../../../test/returns';
import { ReturnCard } from './return-card';

const refunded = aReturn({
  status: 'refunded',
  reason: 'no-longer-needed',
  lines: [{ partId: 'part-1', partNumber: 'BR-100', name: 'Vented Brake Rotor', quantity: 2, unitPrice: 64.5, action: 'restock', depositsBack: 0 }],
  refundAmount: 120.5,
  restockingFee: 12.9,
  creditNoteNumber: 'CN-000004',
});

/** The card in its list, in a router and with a query client, as My Returns draws it. */
function renderCard(item: ReturnRequest) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <ul>
          <ReturnCard item={item} />
        </ul>
      ),
    },
  ]);
}

describe('ReturnCard (My Returns)', () => {
  it('offers the refunded return’s credit note as a PDF download', () => {
    renderCard(refunded);
    const note = screen.getByRole('link', { name: 'Download credit note CN-000004 (PDF), order 1042' });
    expect(note).toHaveAttribute('href', '/api/order/order-1/credit-notes/CN-000004.pdf');
    expect(note).toHaveAttribute('download', 'CN-000004.pdf');
  });

  it('links the order to its page', () => {
    renderCard(refunded);
    expect(screen.getByRole('link', { name: '1042' })).toHaveAttribute('href', '/dashboard/orders/1042');
  });

  it('links a warranty claim’s replacement order to its page', () => {
    renderCard({ ...refunded, status: 'replaced', reason: 'warranty', resolution: 'replace', refundAmount: null, creditNoteNumber: null, replacementOrderId: 'order-9', replacementOrderNumber: '1077' });
    expect(screen.getByRole('link', { name: 'Order 1077' })).toHaveAttribute('href', '/dashboard/orders/1077');
  });

  it('says its status in words, not as the status code', () => {
    renderCard({ ...refunded, status: 'requested', refundAmount: null, creditNoteNumber: null });
    expect(screen.getByText('Requested')).toBeInTheDocument();
    expect(screen.queryByText('requested')).not.toBeInTheDocument();
  });

  it('says a refund of an order on account is credited to the company’s account, and a card order’s refunded', () => {
    const { unmount } = renderCard({ ...refunded, paymentMethod: 'account' });
    expect(screen.getByText('Credited to account')).toBeInTheDocument();
    expect(screen.queryByText('Refund')).not.toBeInTheDocument();
    unmount();
    renderCard(refunded);
    expect(screen.getByText('Refund')).toBeInTheDocument();
    expect(screen.queryByText('Credited to account')).not.toBeInTheDocument();
  });

  it('says a return received with nothing to give back (a free warranty replacement’s part) refunds nothing, not $0.00', () => {
    renderCard({ ...refunded, reason: 'warranty', resolution: 'refund', refundAmount: 0, restockingFee: 0, creditNoteNumber: null });
    expect(screen.getByText('Refund').nextElementSibling).toHaveTextContent(/^None$/);
    expect(screen.queryByText(/\$0\.00/)).not.toBeInTheDocument();
  });

  it('offers no credit note before the refund', () => {
    renderCard({ ...refunded, status: 'approved', refundAmount: null, creditNoteNumber: null });
    expect(screen.queryByRole('link', { name: /credit note/ })).not.toBeInTheDocument();
  });
});
