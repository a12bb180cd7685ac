import { apiErrors, authErrors } from '@autoparts/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { authErrorMessage } from './auth-errors';

describe('authErrorMessage', () => {
  it.each([
    [new ApiError(401, 'Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD'), authErrors.invalidCredentials],
    [new ApiError(401, 'Unauthorized'), authErrors.invalidCredentials],
    [new ApiError(422, 'User already exists', 'USER_ALREADY_EXISTS'), authErrors.emailInUse],
    [new ApiError(422, 'Use another email', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'), authErrors.emailInUse],
    [new ApiError(404, 'User not found', 'USER_NOT_FOUND'), authErrors.unknownAccount],
    [new ApiError(429, 'Too many requests'), authErrors.tooManyAttempts],
    [new ApiError(503, apiErrors.hashingBusy), apiErrors.hashingBusy],
    [new ApiError(0, 'Network error'), authErrors.network],
    [new ApiError(500, 'Internal Server Error'), authErrors.generic],
    [new ApiError(400, 'Invalid email', 'INVALID_EMAIL'), 'Invalid email'],
    [new Error('boom'), authErrors.generic],
  ])('maps %o to %j', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });
});
