import type { Me, UserUpdateReply } from '@autoparts/shared';

export function aCustomer(overrides: Partial<Me> = {}): Me {
  return {
    email: 'jane@example.com',
    name: 'Jane Doe',
    role: 'customer',
    education: '',
    location: '',
    phone: '',
    linkedin: '',
    emailVerified: false,
    ...overrides,
  };
}

export function anAdmin(overrides: Partial<Me> = {}): Me {
  return aCustomer({ email: 'boss@example.com', name: 'Big Boss', role: 'admin', ...overrides });
}

/** A `PUT /user/{email}` reply whose token expires in `minutes`. */
export function aTokenReply(token = 'token-1', minutes = 60): UserUpdateReply {
  return {
    result: { acknowledged: true, modifiedCount: 0 },
    token,
    expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
  };
}

export const signedOutReply = { status: 401, body: { message: 'Sign in to do this' } };
