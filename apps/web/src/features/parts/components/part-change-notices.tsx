import { catalogueMessages, inStockToOrder, isEnded, isReplaced, LIFECYCLE_WHILE_STOCK_LASTS, partChangeMessages, paths, whileStockLastsMessages, type PartDetail, type PublicPart } from '@autoparts/shared';
import { Link } from 'react-router';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** A part named by a link to its public page: "Brake Pads BRK-1001". */
function PartLink({ part }: { part: { partNumber: string; name: string } }) {
  return (
    <Link to={paths.partPage(part.partNumber)} className={linkClass}>
      {`${part.name} ${part.partNumber}`}
    </Link>
  );
}

/**
 * What a part's page says of its changes (issue 30), above its details: that it is no longer made
 * or has been replaced (with its replacement, if any), or is sold only while supplies last (and
 * whether they have run out: decision 213), which of our numbers it replaces, and the kits it is
 * also sold in. (A replaced part's public page moves to its replacement's; its signed-in page,
 * reached by an old link, says so here.)
 */
export function PartChangeNotices({
  part,
}: {
  part: Pick<PartDetail, 'lifecycle' | 'replacedBy' | 'replaces' | 'inKits' | 'availableQuantity' | 'minOrderQuantity'> & Partial<Pick<PartDetail, 'formerNumbers'>>;
}) {
  const ended = isEnded(part.lifecycle.code);
  const replaced = isReplaced(part.lifecycle.code);
  const lastsOnly = part.lifecycle.code === LIFECYCLE_WHILE_STOCK_LASTS;
  const formerNumbers = part.formerNumbers ?? [];
  if (!ended && !replaced && !lastsOnly && part.replaces.length === 0 && part.inKits.length === 0 && formerNumbers.length === 0) return null;
  return (
    <div className="mb-6 flex flex-col gap-3">
      {lastsOnly && (
        <p data-testid="part-while-stock-lasts" className="rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
          {inStockToOrder(part) ? whileStockLastsMessages.notice : whileStockLastsMessages.soldOut}
        </p>
      )}
      {(ended || replaced) && (
        <div data-testid={ended ? 'part-no-longer-made' : 'part-replaced'} className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{ended ? partChangeMessages.noLongerMade : partChangeMessages.replacedNotSold}</p>
          {part.replacedBy && (
            <p className="mt-1">
              {`${partChangeMessages.replacedBy} `}
              <PartLink part={part.replacedBy} />
            </p>
          )}
        </div>
      )}
      {formerNumbers.length > 0 && (
        <p data-testid="part-formerly" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800">
          {catalogueMessages.formerly(formerNumbers)}
        </p>
      )}
      {part.replaces.length > 0 && (
        <p data-testid="part-replaces" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800">
          {catalogueMessages.replaces(part.replaces)}
        </p>
      )}
      {part.inKits.length > 0 && (
        <p data-testid="part-in-kits" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800">
          {`${partChangeMessages.alsoInKit} `}
          {part.inKits.map((kit, index) => (
            <span key={kit.partNumber}>
              {index > 0 && ', '}
              <PartLink part={kit} />
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** A kit's components, with links, and the other brands' numbers the part replaces: sections below its details. */
export function PartChangeSections({ part }: { part: Omit<PublicPart, 'applications'> }) {
  return (
    <>
      {part.kit && part.kit.length > 0 && (
        <section aria-labelledby="kit-heading" className="mt-10">
          <h2 id="kit-heading" className="text-xl font-bold text-ink">
            {partChangeMessages.kitContents}
          </h2>
          <ul className="mt-3 flex flex-col gap-1 text-slate-800">
            {part.kit.map((component) => (
              <li key={component.partNumber}>
                {`${component.quantity} × `}
                <PartLink part={component} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {part.interchange.length > 0 && (
        <section aria-labelledby="interchange-heading" className="mt-10">
          <h2 id="interchange-heading" className="text-xl font-bold text-ink">
            {partChangeMessages.replacesTheseNumbers}
          </h2>
          <table aria-labelledby="interchange-heading" className="mt-3 w-full max-w-2xl text-left text-slate-800">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Brand
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Number
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {part.interchange.map((number) => (
                <tr key={`${number.brand}|${number.partNumber}`} className="border-b border-slate-100">
                  <td className="py-2 pr-4">{number.brand}</td>
                  <td className="py-2 pr-4">{number.partNumber}</td>
                  <td className="py-2">{partChangeMessages.theirsPerOurs(number.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
