import { isReplaced, paths } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageMeta } from '../../../components/page-meta';
import { pageTitle, SHOP_DESCRIPTION } from '../../../content/site';
import { AddToCartButton } from '../../cart/components/add-to-cart-button';
import { PartDetailsSkeleton } from '../../orders/components/part-details';
import { publicPartQuery } from '../api/get-public-part';
import { PartNotFound } from '../components/part-not-found';
import { PublicPartView } from '../components/public-part-view';

/**
 * /parts/{partNumber}: a part's public page, rendered on the server for everyone (search engines
 * included) with its data: photo, price and quantity prices, stock, minimum order, specs, OEM
 * numbers, fitment and whether it fits the garage's vehicle; "Order now" leads to SPEC's
 * signed-in /part/{id}.
 */
export function Component() {
  const { partNumber = '' } = useParams();
  const part = useQuery(publicPartQuery(partNumber));

  if (part.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
        <PageMeta title={pageTitle('Part')} description={SHOP_DESCRIPTION} canonicalPath={paths.partPage(partNumber)} />
        <LoadFailed what="this part" onRetry={() => void part.refetch()} />
      </div>
    );
  }
  if (part.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
        <PageMeta title={pageTitle('Part')} description={SHOP_DESCRIPTION} canonicalPath={paths.partPage(partNumber)} />
        <PartDetailsSkeleton />
      </div>
    );
  }
  if (part.data === null) return (
      <PartNotFound
        sentence={`We sell no part numbered ${partNumber}: it does not exist or is no longer sold.`}
        to={`${paths.shop}?${new URLSearchParams({ q: partNumber }).toString()}`}
        action="Search the shop for it"
      />
    );
  // A renumbered or superseded part's page moves to its current replacement's, as the server's 301
  // does (a page load never gets here): a link within the shop to the old number (a kit's component
  // superseded since) lands where a typed address does, not on the old number's buy box (decision 175).
  if (isReplaced(part.data.lifecycle.code) && part.data.replacedBy) return <Navigate to={paths.partPage(part.data.replacedBy.partNumber)} replace />;
  const { _id: id, partNumber: number, minOrderQuantity, availableQuantity } = part.data;
  return (
    <PublicPartView
      part={part.data}
      addToCart={<AddToCartButton partId={id} partNumber={number} minOrderQuantity={minOrderQuantity} availableQuantity={availableQuantity} />}
    />
  );
}
