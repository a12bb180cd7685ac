import { describe, expect, it } from 'vitest';
import { isAppRoute, paths, routePatterns } from './paths';

/** A concrete path for a pattern: each `:param` becomes a sample id. */
function sample(pattern: string): string {
  return pattern.replace(/:[a-z]+/gi, '6f1c2d3e-aaaa-4bbb-8ccc-123456789abc');
}

describe('isAppRoute', () => {
  it.each(routePatterns.map((pattern) => [pattern]))('accepts the route %s', (pattern) => {
    expect(isAppRoute(sample(pattern))).toBe(true);
  });

  it('accepts every path the paths table builds, even with characters that need escaping', () => {
    const built = Object.values(paths).map((entry) =>
      typeof entry === 'function' ? entry('a b/c?d#e') : entry,
    );
    for (const path of built) expect(isAppRoute(path), path).toBe(true);
  });

  it('accepts a trailing slash', () => {
    expect(isAppRoute('/blogs/')).toBe(true);
    expect(isAppRoute('/dashboard/payment/xyz/')).toBe(true);
  });

  it.each([
    '',
    '/nope',
    '/part',
    '/part/',
    '/part/a/b',
    '/dashboard/unknown',
    '/dashboard/payment',
    '/dashboard/payment/',
    '/dashboard/profile/extra',
    '/Blogs',
    '/blogs//',
    '/blogsx',
    '//blogs',
    '/api/parts',
    '/assets/app-abc123.js',
    '/login?next=/',
  ])('rejects %j, which is no route', (pathname) => {
    expect(isAppRoute(pathname)).toBe(false);
  });
});
