/** What the admin's order screen says after a shipment or a delivery. */
export const shipmentNotices = {
  shipped: 'Order shipped: everything on it has gone',
  partShipped: 'Shipment recorded: the rest of the order is still to ship',
  delivered: 'Order marked delivered',
} as const;
