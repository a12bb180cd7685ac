import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ApiError, customerMessage, isApiError, retryTransientFailures } from './api-client';

describe('isApiError', () => {
  it('recognises an error reply, by status when asked', () => {
    const notFound = new ApiError(404, 'Part not found');
    expect(isApiError(notFound)).toBe(true);
    expect(isApiError(notFound, 404)).toBe(true);
    expect(isApiError(notFound, 401, 403)).toBe(false);
    expect(isApiError(new Error('boom'))).toBe(false);
  });
});

describe('customerMessage', () => {
  it('keeps the server’s words for 4xx replies and lost connections, never for a 500', () => {
    expect(customerMessage(new ApiError(409, 'Not enough stock'))).toBe('Not enough stock');
    expect(customerMessage(new ApiError(0, 'Network error'))).toBe('Network error');
    expect(customerMessage(new ApiError(500, 'Internal Server Error'))).toBeUndefined();
    expect(customerMessage(new ApiError(400, ''))).toBeUndefined();
    expect(customerMessage(new Error('boom'))).toBeUndefined();
  });

  it('keeps the shop’s own words for a 502 or 503 (a service away: try again), not a proxy’s page', () => {
    const away = 'The payment service could not be reached. Please try again in a moment.';
    expect(customerMessage(new ApiError(502, away, undefined, { message: away }))).toBe(away);
    expect(customerMessage(new ApiError(503, 'Try again soon', undefined, { message: 'Try again soon' }))).toBe('Try again soon');
    expect(customerMessage(new ApiError(502, 'Bad Gateway'))).toBeUndefined();
    expect(customerMessage(new ApiError(500, 'Something broke', undefined, { message: 'Something broke' }))).toBeUndefined();
  });
});

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
