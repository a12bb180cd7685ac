import { useRef } from 'react';

/**
 * `work`, ignored while its last call is still under way: the call answers `undefined` at once.
 * A button turns pending only once the request is on its way and the state it sets is drawn; a
 * double click's second press came before that, and sent the request twice.
 */
export function useOneAtATime<Args extends unknown[]>(work: (...args: Args) => Promise<unknown>) {
  const busy = useRef(false);
  return (...args: Args): Promise<void> | undefined => {
    if (busy.current) return undefined;
    busy.current = true;
    return work(...args)
      .then(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  };
}
