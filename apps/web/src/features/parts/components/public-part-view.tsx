import { formatPrice, inStockToOrder, isEnded, LIFECYCLE_WHILE_STOCK_LASTS, partChangeMessages, partPromiseMessages, paths, whileStockLastsMessages } from '@autoparts/shared';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { publicPartHead } from '../../../lib/page-heads';
import { VehicleSelector } from '../../catalog/components/vehicle-selector';
import { PartDetails } from '../../orders/components/part-details';
import { FitmentSection, FitmentTable, FitVerdict } from '../../orders/components/part-fitment';
import { fitmentVehicles, type PublicPartShown } from '../api/get-public-part';
import { PartChangeNotices, PartChangeSections } from './part-change-notices';
import { PartFacts } from './part-facts';
import { ListPrice } from '../../../components/list-price';

interface PublicPartViewProps {
  part: PublicPartShown;
  /** The cart's "Add to cart" for this part, shown above "Order now" (features/cart puts it here). */
  addToCart?: ReactNode;
}

/**
 * A part's public page: its details (as the signed-in page shows them, with the quantity prices
 * and whether it fits the garage's active vehicle), a box to buy it, My Garage's vehicle picker
 * (the home page's), and the vehicles it fits;
 * with its changes (issue 30): a part no longer made stays, unindexed, and cannot be ordered.
 */
export function PublicPartView({ part, addToCart }: PublicPartViewProps) {
  const vehicles = fitmentVehicles(part);
  const ended = isEnded(part.lifecycle.code);
  const inStock = inStockToOrder(part);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <PageMeta {...publicPartHead(part)} />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link to={paths.shop} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Shop
        </Link>
        {part.category && (
          <>
            <span aria-hidden="true"> / </span>
            <Link
              to={`${paths.shop}?${new URLSearchParams({ category: part.category.slug }).toString()}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {part.category.name}
            </Link>
          </>
        )}
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{part.partNumber}</span>
      </nav>
      <PartChangeNotices part={part} />
      <div className="grid items-start gap-10 lg:grid-cols-[2fr_1fr]">
        <PartDetails part={part} besidePrice={<FitVerdict part={part} />} />
        <div className="grid min-w-0 gap-6">
          <aside aria-labelledby="buy-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="buy-heading" className="text-lg font-bold text-ink">
              Buy this part
            </h2>
            <p className="mt-2 text-2xl font-bold text-brand-700">
              {formatPrice(part.price)} <ListPrice listPrice={part.listPrice} className="text-base" />
            </p>
            {ended ? (
              <p className="mt-1 font-semibold text-red-700">{partChangeMessages.noLongerMadeShort}</p>
            ) : (
              <>
                <p className={`mt-1 font-semibold ${inStock ? 'text-green-800' : 'text-red-700'}`}>
                  {inStock ? `In stock: ${part.availableQuantity}` : part.lifecycle.code === LIFECYCLE_WHILE_STOCK_LASTS ? whileStockLastsMessages.soldOutShort : 'Out of stock'}
                </p>
                <p className="mt-1 text-slate-600">{`Minimum order: ${part.minOrderQuantity}`}</p>
                <div className="mt-4 flex flex-col gap-3">
                  <Suspense>{addToCart}</Suspense>
                  <Link
                    to={paths.part(part._id)}
                    className="inline-flex justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    Order now
                  </Link>
                </div>
                <p className="mt-2 text-sm text-slate-600">Order now asks you to sign in, then takes the order and its payment.</p>
              </>
            )}
            {/* A promise about what is bought: none for a part no longer made, which cannot be. */}
            {part.fitment.length > 0 && !ended && (
              <p data-testid="fit-promise" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
                <strong className="block font-semibold">The fit promise</strong>
                {partPromiseMessages.fitPromise}
              </p>
            )}
          </aside>
          {/* Choose the vehicle here: whether the part fits it shows beside the price at once. */}
          <Suspense>
            <VehicleSelector />
          </Suspense>
        </div>
      </div>
      {/* The cart box, the vehicle selector and what is below the details are each a <Suspense>
          boundary that React hydrates apart, yielding between, first the one touched. */}
      <Suspense>
        <PartChangeSections part={part} />
      </Suspense>
      <PartFacts part={part} />
      <Suspense>
        <FitmentSection>
          <FitmentTable vehicles={vehicles} />
        </FitmentSection>
      </Suspense>
    </div>
  );
}
