import { formatPrice, partPromiseMessages, warrantyText, type PartDetail } from '@autoparts/shared';
import type { ReactNode } from 'react';
import { PartImage } from '../../../components/part-image';
import { PriceBreakTable } from '../../parts/components/price-break-table';
import { ListPrice } from '../../../components/list-price';

/** How wide a part's page shows its image: `sizes` of the image and of its preload (app/page-data.ts). */
export const PART_PAGE_IMAGE_SIZES = '(min-width: 1280px) 288px, (min-width: 1024px) 40vw, (min-width: 640px) 288px, 100vw';

/**
 * A part as its pages show it (SPEC §2): image, name, description, price, its quantity prices and quantities;
 * `besidePrice` is whether it fits the buyer's vehicle, which decides as much as the price.
 */
export function PartDetails({ part, besidePrice }: { part: Omit<PartDetail, 'applications'>; besidePrice?: ReactNode }) {
  return (
    <article aria-labelledby="part-heading" className="flex flex-col gap-6 sm:flex-row lg:flex-col xl:flex-row">
      <PartImage
        src={part.img}
        alt={part.name}
        width={400}
        height={300}
        loading="eager"
        sizes={PART_PAGE_IMAGE_SIZES}
        className="aspect-[4/3] w-full shrink-0 self-start rounded-xl border border-slate-200 bg-slate-50 object-contain p-4 sm:w-72 lg:w-full xl:w-72"
      />
      {/* A word too long for the line (a catalogue's compound name, a spec's value) breaks where it
          must: kept whole, it set the page's width (563 px at 390). */}
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h1 id="part-heading" className="text-3xl font-extrabold text-ink">
          {part.name}
        </h1>
        <p className="mt-3 text-slate-600">{part.description}</p>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-3xl font-bold text-brand-700">
            {formatPrice(part.price)} <ListPrice listPrice={part.listPrice} className="text-lg" />
          </p>
          {besidePrice}
        </div>
        <PriceBreakTable price={part.price} minOrderQuantity={part.minOrderQuantity} priceBreaks={part.priceBreaks} />
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
          <dt className="font-medium">Available Quantity</dt>
          <dd>{part.availableQuantity}</dd>
          <dt className="font-medium">Minimum Order Quantity</dt>
          <dd>{part.minOrderQuantity}</dd>
          {part.warrantyMonths !== null && (
            <>
              <dt className="font-medium">Warranty</dt>
              <dd data-testid="part-warranty">{warrantyText(part.warrantyMonths)}</dd>
            </>
          )}
          {part.coreDeposit !== null && (
            <>
              <dt className="font-medium">Core deposit</dt>
              <dd data-testid="part-core-deposit">{partPromiseMessages.coreDepositNote(formatPrice(part.coreDeposit))}</dd>
            </>
          )}
          {part.weightKg > 0 && (
            <>
              <dt className="font-medium">Weight</dt>
              <dd>{`${part.weightKg} kg`}</dd>
            </>
          )}
          <dt className="font-medium">Part number</dt>
          <dd data-testid="part-number">{part.partNumber}</dd>
          {part.category && (
            <>
              <dt className="font-medium">Category</dt>
              <dd>{part.category.name}</dd>
            </>
          )}
          {part.oemNumbers.length > 0 && (
            <>
              <dt className="font-medium">OEM numbers</dt>
              <dd>{part.oemNumbers.join(', ')}</dd>
            </>
          )}
        </dl>
        {part.specs.length > 0 && (
          <>
            <h2 className="mt-6 text-lg font-semibold text-ink">Specifications</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
              {part.specs.map((spec) => (
                <div key={spec.name} className="contents">
                  <dt className="font-medium">{spec.name}</dt>
                  <dd>{spec.value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </div>
    </article>
  );
}

/** What stands in for the part and its form while they load. */
export function PartDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading part" className="grid motion-safe:animate-pulse gap-10 lg:grid-cols-2">
      <div className="flex flex-col gap-6 sm:flex-row lg:flex-col xl:flex-row">
        <div className="aspect-[4/3] w-full shrink-0 rounded-xl bg-slate-200 sm:w-72 lg:w-full xl:w-72" />
        <div className="flex flex-1 flex-col gap-3">
          <div className="h-8 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-full rounded bg-slate-200" />
          <div className="h-3 w-5/6 rounded bg-slate-200" />
          <div className="h-8 w-1/4 rounded bg-slate-200" />
          <div className="h-4 w-1/2 rounded bg-slate-200" />
          <div className="h-4 w-1/2 rounded bg-slate-200" />
        </div>
      </div>
      <div className="h-96 rounded-xl bg-slate-200" />
    </div>
  );
}
