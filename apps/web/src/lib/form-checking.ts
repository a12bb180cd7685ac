import { useRef } from 'react';

/**
 * When every form of the shop checks what was typed (decision 085, amended): when it is sent, then
 * again on each change, not on leaving a field. An error drawn on leaving a field moved the button
 * below it between the press and the release, and the first click after a bad value was lost.
 * Spread into `useForm`'s options.
 */
export const checkedWhenSent = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/**
 * A form's (or a button's) sending, ignored while the last is still under way (decision 207): the
 * call answers `undefined` at once. A button turns pending only once the request is on its way and
 * the state it sets is drawn; a double click's second press came before that, and sent it twice.
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
