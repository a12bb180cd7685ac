import { paths } from '@autoparts/shared';

/**
 * Where to go after signing in: the page the guard sent the user away from (`state.from`, a
 * path with its query), else home. Anything that is not a path of this site is ignored.
 */
export function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return paths.home;
  }
  const pathname = from.split(/[?#]/, 1)[0];
  return pathname === paths.login || pathname === paths.signup ? paths.home : from;
}
