import { describe, expect, it } from 'vitest';
import { formatDueDay } from './companies';
import { formatDay } from './dates';

describe('formatDay', () => {
  it('writes a day as the pages, the messages and the PDFs do, whatever zone the machine is in', () => {
    expect(formatDay('2027-01-04')).toBe('Jan 4, 2027');
    expect(formatDueDay('2027-01-04')).toBe('Jan 4, 2027');
  });
  it('writes a moment’s UTC day, the shop’s day (decision 080), from a Date or from the API’s text', () => {
    expect(formatDay(new Date('2026-12-31T23:59:59Z'))).toBe('Dec 31, 2026');
    expect(formatDay('2026-12-05T10:00:00.000Z')).toBe('Dec 5, 2026');
  });
});
