import type { PartDetail } from '@autoparts/shared';

/** PIES description codes in words; the name (DES) and description (MKT) show elsewhere on the page. */
const DESCRIPTION_LABELS: Record<string, string> = { SHO: 'Short description', EXT: 'Extended description', ABR: 'Abbreviation', INV: 'Invoice description', LAB: 'Label description', TLE: 'Title' };
const SHOWN_ELSEWHERE = new Set(['DES', 'MKT']);

/**
 * A part's facts from its manufacturer's catalogue (issue 29): GTIN, package size, and
 * its other descriptions. Nothing when it has none of them.
 */
export function PartFacts({ part }: { part: Pick<PartDetail, 'gtin' | 'package' | 'descriptions'> }) {
  // The weight shows with the part's details already.
  const { lengthMm, widthMm, heightMm } = part.package;
  const size = lengthMm !== null && widthMm !== null && heightMm !== null ? `${lengthMm} × ${widthMm} × ${heightMm} mm` : null;
  const descriptions = part.descriptions.filter((row) => !SHOWN_ELSEWHERE.has(row.code));
  const facts: Array<[string, string]> = [
    ...(part.gtin ? [['GTIN', part.gtin] as [string, string]] : []),
    ...(size ? [['Package (L × W × H)', size] as [string, string]] : []),
    ...descriptions.map((row) => [DESCRIPTION_LABELS[row.code] ?? `Description (${row.code})`, row.text] as [string, string]),
  ];
  if (facts.length === 0) return null;
  return (
    <section aria-labelledby="facts-heading" className="mt-10">
      <h2 id="facts-heading" className="text-xl font-bold text-ink">
        Product facts
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-700">{term}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
