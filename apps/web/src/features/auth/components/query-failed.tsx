import { LoadFailed } from '../../../components/load-failed';

/** A check that could not be made (network or server trouble): say so and offer to try again. */
export function QueryFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return <LoadFailed message={`We could not check ${what} right now.`} onRetry={onRetry} />;
}
