import { useEffect, useState } from 'react';

/** How long is left to pay, in words a customer reads at a glance: "14 min", "1 h 5 min", "under a minute". */
export function formatTimeLeft(milliseconds: number): string {
  const minutes = Math.floor(milliseconds / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/**
 * "Pay within 14 min": an unpaid order holds its stock until it expires. The text
 * counts down each half minute; once the time is up it says so (the server expires the order).
 */
export function TimeLeft({ expiresAt, id, className = 'mt-1 text-xs text-slate-600' }: { expiresAt: string; id?: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Date.parse(expiresAt) - now;
  return (
    <p id={id} className={className}>
      {left > 0 ? `Pay within ${formatTimeLeft(left)}` : 'Time to pay is up: this order is expiring'}
    </p>
  );
}
