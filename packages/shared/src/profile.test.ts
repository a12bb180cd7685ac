import { describe, expect, it } from 'vitest';
import { validation } from './messages';
import { profileSchema, userUpdateSchema } from './profile';

const profile = { name: 'Jane Doe', education: '', location: '', phone: '', linkedin: '' };
const linkedinProblems = (linkedin: string) =>
  profileSchema.safeParse({ ...profile, linkedin }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('profileSchema: LinkedIn', () => {
  it.each(['', '   ', 'https://www.linkedin.com/in/jane', 'HTTPS://linkedin.com/in/jane-doe-1a2b3c/', ' https://www.linkedin.com/in/jane '])(
    'takes %j (blank, or a web address over https)',
    (linkedin) => {
      expect(profileSchema.parse({ ...profile, linkedin }).linkedin).toBe(linkedin.trim());
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'http://www.linkedin.com/in/jane',
    'www.linkedin.com/in/jane',
    'linkedin.com/in/jane',
    'jane',
    'https://',
    'https:///in/jane',
    'https://www.linkedin.com/in/jane doe',
    '//www.linkedin.com/in/jane',
    'https://jane@www.linkedin.com/in/jane',
    'https://localhost/in/jane',
  ])('refuses %j, saying what it takes', (linkedin) => {
    expect(linkedinProblems(linkedin)).toEqual([['linkedin', validation.linkedinUrl]]);
  });

  it('refuses an address longer than the field, and PUT /user reads the same rule', () => {
    expect(linkedinProblems(`https://www.linkedin.com/in/${'x'.repeat(200)}`)?.[0]).toEqual(['linkedin', 'LinkedIn must be at most 200 characters']);
    expect(userUpdateSchema.safeParse({ email: 'jane@example.com', linkedin: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(
      validation.linkedinUrl,
    );
    expect(userUpdateSchema.parse({ email: 'jane@example.com', phone: '217.555.0100' })).toEqual({ email: 'jane@example.com', phone: '+1 217 555 0100' });
  });
});
