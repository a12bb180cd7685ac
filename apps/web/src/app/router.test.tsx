import { isAppRoute, publicPages, routePatterns } from '@autoparts/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../features/auth';
import { routes } from './router';

function pageFor(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const page = matches.at(-1)?.route;
  const guarded = matches.some((match) => (match.route.element as { type?: unknown } | undefined)?.type === RequireAuth);
  return { page, guarded };
}

/** Every page the router serves, by its full path (an index route by its parent's), the catch-all left out. */
function routerPaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [path] : [];
    return [...own, ...(route.children ? routerPaths(route.children, path) : [])];
  });
}

describe('one table of pages', () => {
  it('the router serves exactly the paths the server answers 200 for, and the public pages are among them', () => {
    expect(routerPaths(routes).toSorted()).toEqual([...routePatterns].toSorted());
    for (const page of publicPages) expect(isAppRoute(page), page).toBe(true);
    expect(isAppRoute('/no-such-page')).toBe(false);
  });
});

describe('router', () => {
  it.each([
    ['/part/part-1', '/part/:id'],
    ['/dashboard/payment/order-1', '/dashboard/payment/:id'],
    ['/dashboard/profile', '/dashboard/profile'],
    ['/dashboard/password', '/dashboard/password'],
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
