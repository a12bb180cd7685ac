import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../test/orders';
import { OrderTimeline, TrackingLinks } from './order-timeline';

const parcel = (id: string, carrier: 'ups' | 'dhl' | 'other', trackingNumber: string, trackingUrl: string | null) => ({
  id,
  carrier,
  trackingNumber,
  trackingUrl,
  shippedAt: '2024-05-02T10:00:00.000Z',
  lines: [{ partId: 'part-1', partNumber: 'BRK-1001', name: 'Brake Pads', quantity: 1 }],
});

describe('OrderTimeline', () => {
  it('names each parcel’s tracking link by its carrier and tracking number (decision 168)', () => {
    const ups = parcel('s-1', 'ups', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const dhl = parcel('s-2', 'dhl', '1234567890', 'https://www.dhl.com/track?id=1234567890');
    render(
      <OrderTimeline
        order={anOrder({
          shipments: [ups, dhl],
          timeline: [
            { kind: 'placed', at: '2024-05-01T10:00:00.000Z', label: 'Order placed', url: null },
            { kind: 'shipment', at: ups.shippedAt, label: 'Shipment 1: 1 item by UPS, tracking 1Z 999 AA1 01 2345 6784', url: ups.trackingUrl },
            { kind: 'shipment', at: dhl.shippedAt, label: 'Shipment 2: 1 item by DHL, tracking 12 3456 7890', url: dhl.trackingUrl },
          ],
        })}
      />,
    );
    const links = within(screen.getByRole('list', { name: 'Timeline of order 100042' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([ups.trackingUrl, dhl.trackingUrl]);
    expect(links[0]).toHaveAccessibleName('Track parcel UPS 1Z 999 AA1 01 2345 6784 (opens the carrier’s site)');
    expect(links[1]).toHaveAccessibleName('Track parcel DHL 12 3456 7890 (opens the carrier’s site)');
  });

  it('numbers My Orders’ tracking links as the timeline numbers the shipments, a parcel without a link counted (decision 192)', () => {
    const ups = parcel('s-1', 'ups', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const other = parcel('s-2', 'other', 'ZZ123456', null);
    const dhl = parcel('s-3', 'dhl', '1234567890', 'https://www.dhl.com/track?id=1234567890');
    render(<TrackingLinks order={anOrder({ shipments: [ups, other, dhl] })} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([ups.trackingUrl, dhl.trackingUrl]);
    expect(links[0]).toHaveAccessibleName('Track parcel 1 of order 100042 (opens the carrier’s site)');
    expect(links[1]).toHaveAccessibleName('Track parcel 3 of order 100042 (opens the carrier’s site)');
    expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
