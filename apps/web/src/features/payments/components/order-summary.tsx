import { formatPrice, type OrderDetail } from '@autoparts/shared';
import { PartImage } from '../../../components/part-image';
import { OrderBreakdown } from '../../orders/components/order-breakdown';

/**
 * The order on the payment page (SPEC §2): the part's image, name, description, unit price,
 * available and minimum order quantity (its first line's part); then the order in full, with its
 * number, lines, ship-to, shipping, tax and total (decision 052).
 */
export function OrderSummary({ order }: { order: OrderDetail }) {
  return (
    <article aria-labelledby="order-part-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <PartImage
        src={order.img}
        alt={order.name}
        width={400}
        height={300}
        loading="eager"
        sizes="(min-width: 1024px) 400px, 100vw"
        className="aspect-[4/3] w-full rounded-lg bg-slate-50 object-contain p-4"
      />
      <h2 id="order-part-heading" className="mt-4 text-2xl font-bold text-ink">
        {order.name}
      </h2>
      <p className="mt-2 text-slate-600">{order.description}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium">Price</dt>
        <dd className="tabular-nums">{formatPrice(order.unitPrice)}</dd>
        <dt className="font-medium">Available Quantity</dt>
        <dd className="tabular-nums">{order.availableQuantity}</dd>
        <dt className="font-medium">Minimum Order Quantity</dt>
        <dd className="tabular-nums">{order.minOrderQuantity}</dd>
        <dt className="font-medium">Order Quantity</dt>
        <dd className="tabular-nums">{order.orderQuantity}</dd>
      </dl>
      <section aria-labelledby="order-number-heading" className="mt-4 border-t border-slate-200 pt-4">
        <h3 id="order-number-heading" className="mb-3 text-lg font-bold text-ink">
          Order {order.orderNumber}
        </h3>
        <OrderBreakdown order={order} />
      </section>
      <p className="mt-4 border-t border-slate-200 pt-4 text-xl font-bold text-ink">Total: {formatPrice(order.price)}</p>
    </article>
  );
}
