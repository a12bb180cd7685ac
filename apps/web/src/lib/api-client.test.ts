import { describe, expect, it } from 'vitest';
import { ApiError, customerMessage, isApiError } from './api-client';

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
