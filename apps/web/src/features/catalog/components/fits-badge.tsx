import { fitWords, type FitWords, type PartApplication, type Vehicle } from '@autoparts/shared';

const tone: Record<FitWords['verdict'], string> = {
  fits: 'bg-green-100 font-semibold text-green-800',
  other: 'bg-amber-100 font-medium text-amber-900',
  none: 'bg-slate-100 text-slate-600',
};

/**
 * Whether a part fits the active vehicle, on a part card, in the part page's words (decision
 * 083): "Fits your 2015 Ford F-150 — Front, with 3.5L V6 only", "Fits the … with 2.7L V6 only —
 * not your 3.5L V6", "Does not fit your …". It wraps on a narrow card rather than widen it.
 * Loaded with the first card that has a vehicle to say it of (part-card.tsx): the home page's
 * first script carries none of the fit's words, which no page drawn on the server shows.
 */
export default function FitsBadge({ applications, vehicle }: { applications: readonly PartApplication[]; vehicle: Vehicle }) {
  const words = fitWords(applications, vehicle);
  return (
    <p className={`inline-flex w-fit items-start gap-1 rounded-lg px-2.5 py-0.5 text-sm ${tone[words.verdict]}`}>
      {words.verdict === 'fits' && (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
          <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" clipRule="evenodd" />
        </svg>
      )}
      {words.text}
    </p>
  );
}
