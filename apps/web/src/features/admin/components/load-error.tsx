import { LoadFailed } from '../../../components/load-failed';
import { isApiError } from '../../../lib/api-client';

/**
 * A list that could not be loaded. A refusal (the session ended, or the admin role was taken
 * away meanwhile) says so in the server's words; anything else offers to try again.
 */
export function LoadError({ what, error, onRetry, className }: { what: string; error: unknown; onRetry: () => void; className?: string }) {
  return isApiError(error, 401, 403) ? (
    <LoadFailed message={error.message} onRetry={onRetry} className={className} />
  ) : (
    <LoadFailed what={what} onRetry={onRetry} className={className} />
  );
}
