import { LoadFailed } from '../../../components/load-failed';
import { isApiError } from '../../../lib/api-client';

/**
 * A list that could not be loaded. A refusal (the session ended, or the admin role was taken
 * away meanwhile) says so in the server's words; anything else offers to try again.
 */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return isApiError(error, 401, 403) ? <LoadFailed message={error.message} onRetry={onRetry} /> : <LoadFailed what={what} onRetry={onRetry} />;
}
