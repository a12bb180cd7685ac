import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ApiError } from './api-client';
import { retryTransientFailures } from './query-retry';

describe('retryTransientFailures', () => {
  it('retries three times what may pass on a second try', () => {
    for (const error of [new ApiError(0, 'Network error'), new ApiError(503, 'Unavailable'), new ApiError(429, 'Slow down'), new ApiError(408, 'Timeout'), new Error('boom')]) {
      expect(retryTransientFailures(0, error)).toBe(true);
      expect(retryTransientFailures(2, error)).toBe(true);
      expect(retryTransientFailures(3, error)).toBe(false);
    }
  });

  it('does not ask again for what found no connection while the browser says it is offline', () => {
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    expect(retryTransientFailures(0, new ApiError(0, 'Network error'))).toBe(false);
    expect(retryTransientFailures(0, new ApiError(503, 'Unavailable'))).toBe(true);
  });

  it('does not ask again when the answer was a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(retryTransientFailures(0, new ApiError(status, 'No'))).toBe(false);
    }
  });
});
