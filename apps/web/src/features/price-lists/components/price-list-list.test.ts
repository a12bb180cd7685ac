import { describe, expect, it } from 'vitest';
import { inForce } from './price-list-list';

describe('inForce', () => {
  const today = '2026-12-05';
  it('says a list has ended, or has not begun, beside its days: its companies pay retail meanwhile', () => {
    expect(inForce({ startsAt: '2026-01-01', endsAt: '2026-06-30' }, today)).toBe('Jan 1, 2026 to Jun 30, 2026, ended');
    expect(inForce({ startsAt: null, endsAt: '2026-12-04' }, today)).toBe('Until Dec 4, 2026, ended');
    expect(inForce({ startsAt: '2027-01-01', endsAt: null }, today)).toBe('From Jan 1, 2027, not begun yet');
  });
  it('says only the days while the list is in force, both days included', () => {
    expect(inForce({ startsAt: null, endsAt: null }, today)).toBe('Always');
    expect(inForce({ startsAt: today, endsAt: today }, today)).toBe('Dec 5, 2026 to Dec 5, 2026');
    expect(inForce({ startsAt: '2026-01-01', endsAt: null }, today)).toBe('From Jan 1, 2026');
  });
});
