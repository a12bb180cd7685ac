import { useEffect, useRef } from 'react';

/** A list of the vehicle picker's, as TanStack Query gives it. */
interface VehicleList {
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * "The vehicle list could not be loaded" with its Try again, which asks the lists that failed once
 * more. Split from the vehicle selector (the home page's first script): it loads once a list has
 * failed. The alert stays while they are asked again (the selector shows it until they answer),
 * and the focus on Try again; once they are there, the focus goes from the button, gone with the
 * alert, to the picker's next select to choose (the first enabled one with nothing chosen).
 */
export default function VehicleListFailed({ lists }: { lists: readonly VehicleList[] }) {
  const alert = useRef<HTMLParagraphElement>(null);
  const retrying = lists.some((list) => list.isFetching);
  useEffect(() => {
    const picker = alert.current?.closest('fieldset');
    return () => {
      // Only when the button had the focus (the page's body has it once the button is gone).
      if (document.activeElement !== document.body) return;
      const next = [...(picker?.querySelectorAll('select') ?? [])].find((select) => !select.disabled && select.value === '');
      next?.focus();
    };
  }, []);
  return (
    <p ref={alert} role="alert" className="mt-2 text-sm text-red-700">
      The vehicle list could not be loaded.{' '}
      {/* aria-disabled, not disabled, while it asks: Chromium drops a disabled button's focus. */}
      <button
        type="button"
        aria-disabled={retrying || undefined}
        onClick={() => {
          for (const list of lists) if (list.isError) void list.refetch();
        }}
        className="rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-700">
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </p>
  );
}
