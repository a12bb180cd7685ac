import { describe, expect, it } from 'vitest';
import { validation } from './messages';
import { profileSchema } from './profile';
import { signupSchema } from './users';

const signUpMessages = (name: string) =>
  signupSchema.safeParse({ name, email: 'someone@example.com', password: 'secret-enough' }).error?.issues.map((issue) => issue.message) ?? [];

describe('a display name', () => {
  it.each([
    'Your card was charged $950, visit https://evil.example to dispute',
    'see evil.example/refund',
    'WWW.EVIL.EXAMPLE',
    'write to refunds@evil.example',
    'ftp://files',
    'Call us at shop.com',
  ])('may not carry a web or e-mail address: %s', (name) => {
    expect(signUpMessages(name)).toEqual([validation.nameNoLinks]);
    expect(profileSchema.shape.name.safeParse(name).error?.issues[0]?.message).toBe(validation.nameNoLinks);
  });

  it.each(['Ada Lovelace', 'J. R. R. Tolkien', 'Mary-Jane O’Neil', 'José Núñez 3rd', 'Dr. No'])('may be a name: %s', (name) => {
    expect(signUpMessages(name)).toEqual([]);
  });
});
