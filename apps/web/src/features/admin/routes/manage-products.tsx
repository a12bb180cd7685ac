import { paths } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/spinner';
import { adminPartsQuery } from '../api/get-admin-parts';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { PartCard } from '../components/part-card';
import { ReviewModeration } from '../components/review-moderation';

/**
 * /dashboard/manageproducts (SPEC §2, admins): every part, archived ones too, to edit, restock,
 * archive or restore; and the reviews that the home page shows about the shop.
 */
export function Component() {
  const parts = useQuery(adminPartsQuery);
  return (
    <AdminPage title="Manage Products" intro="Edit a product, add to its stock, or archive it to take it out of the shop.">
      <section aria-labelledby="products-heading">
        <h2 id="products-heading" className="text-xl font-bold text-ink">
          Products
        </h2>
        <div className="mt-4">
          {parts.isError ? (
            <LoadError what="the products" error={parts.error} onRetry={() => void parts.refetch()} />
          ) : parts.isPending ? (
            <LoadingBlock label="Loading the products" />
          ) : parts.data.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <p className="text-lg text-slate-700">No products yet</p>
              <Link
                to={paths.addProduct}
                className="mt-4 inline-flex rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                Add a Product
              </Link>
            </div>
          ) : (
            <ul className="grid gap-4">
              {parts.data.map((part) => (
                <li key={part._id}>
                  <PartCard part={part} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section aria-labelledby="reviews-moderation-heading" className="mt-12">
        <h2 id="reviews-moderation-heading" className="text-xl font-bold text-ink">
          Customer Reviews
        </h2>
        <p className="mt-1 text-slate-600">A hidden review no longer shows on the home page.</p>
        <div className="mt-4">
          <ReviewModeration />
        </div>
      </section>
    </AdminPage>
  );
}
