import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTimeLeft, TimeLeft } from './time-left';

describe('TimeLeft', () => {
  it('says how long is left to pay in minutes and hours', () => {
    expect(formatTimeLeft(30_000)).toBe('under a minute');
    expect(formatTimeLeft(14 * 60_000 + 5_000)).toBe('14 min');
    expect(formatTimeLeft(60 * 60_000)).toBe('1 h');
    expect(formatTimeLeft(65 * 60_000)).toBe('1 h 5 min');
  });

  it('counts from the order’s expiry, and says when the time is up', () => {
    const { unmount } = render(<TimeLeft expiresAt={new Date(Date.now() + 20 * 60_000 + 10_000).toISOString()} />);
    expect(screen.getByText('Pay within 20 min')).toBeInTheDocument();
    unmount();
    render(<TimeLeft expiresAt={new Date(Date.now() - 1_000).toISOString()} />);
    expect(screen.getByText('Time to pay is up: this order is expiring')).toBeInTheDocument();
  });
});
