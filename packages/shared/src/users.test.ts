import { describe, expect, it } from 'vitest';
import { validation } from './messages';
import { profileSchema } from './profile';
import { changePasswordFormSchema, changePasswordSchema, signupSchema } from './users';

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
    // Hidden from the rule by what the eye does not see: a zero-width space, a full-width dot.
    'Eve evil\u200b.com',
    'Eve evil\uff0ecom',
    'Eve www\u200b.evil\u200b.com',
  ])('may not carry a web or e-mail address: %s', (name) => {
    expect(signUpMessages(name)).toEqual([validation.nameNoLinks]);
    expect(profileSchema.shape.name.safeParse(name).error?.issues[0]?.message).toBe(validation.nameNoLinks);
  });

  it('is stored as it reads: bidi overrides and zero-width characters gone, and none of them alone a name', () => {
    expect(signupSchema.parse({ name: 'Ada\u202e Lovelace\u200d', email: 'someone@example.com', password: 'secret-enough' }).name).toBe('Ada Lovelace');
    expect(signUpMessages('\u200b\u200b')).toEqual([validation.nameRequired]);
  });

  it.each(['Ada Lovelace', 'J. R. R. Tolkien', 'Mary-Jane O’Neil', 'José Núñez 3rd', 'Dr. No'])('may be a name: %s', (name) => {
    expect(signUpMessages(name)).toEqual([]);
  });
});

describe('the Change password form', () => {
  const issues = (input: Record<string, string>) =>
    changePasswordFormSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('takes the current password and a new one by the sign-up rules, typed twice alike', () => {
    expect(issues({ currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' })).toEqual([]);
    expect(issues({ currentPassword: '', newPassword: 'abc', confirmPassword: '' })).toEqual([
      ['currentPassword', validation.passwordRequired],
      ['newPassword', validation.passwordTooShort],
      ['confirmPassword', validation.passwordConfirmRequired],
    ]);
  });

  it('says the two new passwords differ as soon as both are typed, before the current one is', () => {
    expect(issues({ currentPassword: '', newPassword: 'new-secret', confirmPassword: 'new-secrets' })).toEqual([
      ['currentPassword', validation.passwordRequired],
      ['confirmPassword', validation.passwordsDiffer],
    ]);
  });

  it('refuses the current password as the new one, here and at the API', () => {
    const same = { currentPassword: 'old-secret', newPassword: 'old-secret' };
    expect(issues({ ...same, confirmPassword: 'old-secret' })).toEqual([['newPassword', validation.passwordUnchanged]]);
    expect(changePasswordSchema.safeParse(same).error?.issues[0]?.message).toBe(validation.passwordUnchanged);
  });

  it('passes the API only its two fields', () => {
    expect(changePasswordSchema.parse({ currentPassword: 'old-secret', newPassword: 'new-secret', revokeOtherSessions: false })).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
  });
});
