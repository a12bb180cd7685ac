import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../features/auth';
import { routes } from './router';

function pageFor(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const page = matches.at(-1)?.route;
  const guarded = matches.some((match) => (match.route.element as { type?: unknown } | undefined)?.type === RequireAuth);
  return { page, guarded };
}

describe('router', () => {
  it.each([
    ['/part/part-1', '/part/:id'],
    ['/dashboard/payment/order-1', '/dashboard/payment/:id'],
    ['/dashboard/profile', '/dashboard/profile'],
  ])('serves %s as a signed-in page loaded on demand', (path, pattern) => {
    const { page, guarded } = pageFor(path);
    expect(page?.path).toBe(pattern);
    expect(page?.lazy).toBeTypeOf('function');
    expect(guarded).toBe(true);
  });

  it('serves My Orders as the dashboard’s index, signed in and on demand', () => {
    const { page, guarded } = pageFor('/dashboard');
    expect(page?.index).toBe(true);
    expect(page?.lazy).toBeTypeOf('function');
    expect(guarded).toBe(true);
  });

  it('leaves the home page public', () => {
    expect(pageFor('/').guarded).toBe(false);
  });
});
