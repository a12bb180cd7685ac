/**
 * When every form of the shop checks what was typed (decision 085, amended): when it is sent, then
 * again on each change, not on leaving a field. An error drawn on leaving a field moved the button
 * below it between the press and the release, and the first click after a bad value was lost.
 * Spread into `useForm`'s options.
 */
export const checkedWhenSent = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;
