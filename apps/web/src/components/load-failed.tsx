import { couldNotLoad } from '@autoparts/shared';

type LoadFailedProps = {
  onRetry: () => void;
  /** Where it stands: a page's own block by default; a smaller box (a side panel) says its own. */
  className?: string;
} & (
  | {
      /** What could not be loaded, as the page calls it: "your orders" says `couldNotLoad`'s words. */
      what: string;
      message?: never;
    }
  | {
      /** Other words: a catalogue's own, or the server's refusal. */
      message: string;
      what?: never;
    }
);

/** Data that could not be loaded (network or server trouble): say so and offer to try again. */
export function LoadFailed({ onRetry, className = 'mx-auto my-16 max-w-md', ...said }: LoadFailedProps) {
  const message = said.what === undefined ? said.message : couldNotLoad(said.what);
  return (
    <div role="alert" className={`${className} rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800`}>
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Try again
      </button>
    </div>
  );
}
