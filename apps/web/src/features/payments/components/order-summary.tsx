import { formatPrice, itemLines, type OrderDetail } from '@autoparts/shared';
import { PartImage } from '../../../components/part-image';
import { OrderBreakdown } from '../../orders/components/order-breakdown';

/**
 * The order on the payment page. Its header describes the order: its number, how many parts
 * (a core deposit is not one) and the total. Then the part of its first line as SPEC §2 lists it
 * (image, name, description, price, available and minimum order quantity), named "first of N"
 * when there are more; then every line, the ship-to, shipping, tax and total (decision 052).
 */
export function OrderSummary({ order }: { order: OrderDetail }) {
  const items = itemLines(order.lines);
  const partName = items[0]?.name ?? order.name;
  return (
    <article aria-labelledby="order-summary-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <header className="border-b border-slate-200 pb-4">
        <h2 id="order-summary-heading" className="text-2xl font-bold text-ink">
          Order {order.orderNumber}
        </h2>
        <p className="mt-1 text-slate-700">{items.length === 1 ? '1 part' : `${items.length} parts`}</p>
        <p className="mt-1 text-xl font-bold text-ink">Total: {formatPrice(order.price)}</p>
      </header>
      <section aria-labelledby="order-part-heading" className="mt-4 grid grid-cols-[6rem_1fr] items-start gap-4 sm:grid-cols-[10rem_1fr]">
        <PartImage
          src={order.img}
          alt={partName}
          width={160}
          height={120}
          loading="eager"
          sizes="(min-width: 640px) 160px, 96px"
          className="aspect-[4/3] w-full rounded-lg bg-slate-50 object-contain p-2"
        />
        <div className="min-w-0">
          {items.length > 1 && <p className="text-sm text-slate-600">First of {items.length} parts</p>}
          <h3 id="order-part-heading" className="text-lg font-bold text-ink">
            {partName}
          </h3>
          <p className="mt-1 text-slate-600">{order.description}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
            <dt className="font-medium">Price</dt>
            <dd className="tabular-nums">{formatPrice(order.unitPrice)}</dd>
            <dt className="font-medium">Available Quantity</dt>
            <dd className="tabular-nums">{order.availableQuantity}</dd>
            <dt className="font-medium">Minimum Order Quantity</dt>
            <dd className="tabular-nums">{order.minOrderQuantity}</dd>
          </dl>
        </div>
      </section>
      <div className="mt-4 border-t border-slate-200 pt-4">
        <OrderBreakdown order={order} />
      </div>
    </article>
  );
}
