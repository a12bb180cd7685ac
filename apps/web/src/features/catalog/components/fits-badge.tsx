/**
 * "Fits" / "Does not fit" on a part card, for the active vehicle. The pill stays on one line
 * (a narrow card wrapped it into a lopsided blob); the vehicle, named by My Garage above the
 * list, is read out but not shown.
 */
export function FitsBadge({ fits, vehicle }: { fits: boolean; vehicle: string }) {
  return fits ? (
    <p className="inline-flex w-fit items-center gap-1 whitespace-nowrap rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-800" title={`Fits your ${vehicle}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" clipRule="evenodd" />
      </svg>
      Fits<span className="sr-only"> your {vehicle}</span>
    </p>
  ) : (
    <p className="inline-flex w-fit whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-600" title={`Does not fit your ${vehicle}`}>
      Does not fit<span className="sr-only"> your {vehicle}</span>
    </p>
  );
}
