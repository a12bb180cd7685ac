import { isEnded, isReplaced, paths } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageMeta } from '../../../components/page-meta';
import { pageTitle, SHOP_DESCRIPTION } from '../../../content/site';
import { partHead, partNotFoundHead } from '../../../lib/page-heads';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { AddToCartButton } from '../../cart/components/add-to-cart-button';
import { PartChangeNotices } from '../../parts/components/part-change-notices';
import { PartNotFound } from '../../parts/components/part-not-found';
import { partQuery } from '../api/get-part';
import { PartDetails, PartDetailsSkeleton } from '../components/part-details';
import { FitVerdict, PartFitment } from '../components/part-fitment';

// The form's checks (react-hook-form and zod, ~120 KB) load beside the page rather than with it: the
// page is evaluated and hydrated first, the form when its code has come, in tasks of their own.
const PlaceOrderForm = lazy(() => import('../components/place-order-form').then((module) => ({ default: module.PlaceOrderForm })));

/** /part/{id} (SPEC §2), signed-in only: the part and its Place Order form. */
export function Component() {
  const { id = '' } = useParams();
  const part = useQuery(partQuery(id));
  const me = useMe();

  if (part.isError && isApiError(part.error, 404)) return <PartNotFound sentence={partNotFoundHead.description} to={paths.shop} action="Browse all parts" />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      {part.data ? <PageMeta {...partHead(part.data)} /> : <PageMeta title={pageTitle('Part')} description={SHOP_DESCRIPTION} noindex />}
      {part.isError ? (
        <LoadFailed what="this part" onRetry={() => void part.refetch()} />
      ) : part.isPending || me.isPending ? (
        <PartDetailsSkeleton />
      ) : (
        // The part's details first; the cart box, Place Order and the fitment are each a <Suspense>
        // boundary that React hydrates apart, yielding between, first the one touched.
        <>
          {orderable(part.data) && <PartChangeNotices part={part.data} />}
          <div className="grid items-start gap-10 lg:grid-cols-2">
            <PartDetails part={part.data} besidePrice={<FitVerdict part={part.data} />} />
            {orderable(part.data) ? (
              <div className="space-y-6">
                {/* A whole job in one order: the part goes to the cart; SPEC's form below orders it alone. */}
                <section aria-labelledby="add-to-cart-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                  <h2 id="add-to-cart-heading" className="mb-3 text-2xl font-bold text-ink">
                    Add to cart
                  </h2>
                  <Suspense>
                    <AddToCartButton
                      key={part.data._id}
                      partId={part.data._id}
                      partNumber={part.data.partNumber}
                      minOrderQuantity={part.data.minOrderQuantity}
                      availableQuantity={part.data.availableQuantity}
                    />
                  </Suspense>
                </section>
                <Suspense fallback={<PlaceOrderFormSkeleton />}>
                  <PlaceOrderForm key={part.data._id} part={part.data} me={me.data ?? { name: '', email: '' }} />
                </Suspense>
              </div>
            ) : (
              // A part no longer made, or replaced (ordered as its replacement), is not ordered here:
              // where the order boxes would be, the notice says why and names the replacement; first on a phone.
              <div className="order-first lg:order-none">
                <PartChangeNotices part={part.data} />
              </div>
            )}
          </div>
          <Suspense>
            <PartFitment part={part.data} />
          </Suspense>
        </>
      )}
    </div>
  );
}

/** Whether the part is ordered on its page: not when it is no longer made or has been replaced. */
const orderable = (part: { lifecycle: { code: string } }) => !isEnded(part.lifecycle.code) && !isReplaced(part.lifecycle.code);

/** Where the Place Order form comes, about its height, while its code loads after a move within the app. */
function PlaceOrderFormSkeleton() {
  return <div role="status" aria-label="Loading the order form" className="h-[35rem] motion-safe:animate-pulse rounded-xl bg-slate-200" />;
}
