import { useEffect, useRef } from 'react';
import { adminNotices } from '../admin-notices';

/**
 * A save refused because someone else saved the part since the form loaded (a 409, decision 112):
 * the server's words, and that the form now shows what is stored with the admin's own changes
 * kept. Focused when it appears, so a keyboard or screen-reader user meets it first.
 */
export function StaleNotice({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 focus:outline-2 focus:outline-amber-600">
      <p className="font-semibold">{message}</p>
      <p className="mt-1">{adminNotices.staleReloaded}</p>
    </div>
  );
}
