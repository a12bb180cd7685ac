import { QUERY_RETRIES } from '@autoparts/shared';
import { onlineManager } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * The web app's retry rule for queries: QUERY_RETRIES, TanStack Query's default (SPEC §9), for
 * failures that a second try may mend (no connection, 5xx, 408, 429). Other 4xx replies are
 * answers (not found, not allowed) that asking again only delays; so is no connection while the
 * browser says it is offline: the page says so at once, and the read is sent again when the
 * connection returns (decision 007).
 */
export function retryTransientFailures(failures: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  if (isApiError(error, 0) && !onlineManager.isOnline()) return false;
  return failures < QUERY_RETRIES;
}
