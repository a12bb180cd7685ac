/**
 * What the customer does before the app can answer (issue 10, decision 032). A server-rendered page
 * is on screen, and can be used, before its script has run and while its sections hydrate: a tap,
 * a choice in a select, a browser's autofill. `boot.ts` starts holding such input at once, the
 * hydration (`components/hydrate-later.tsx`) is told of it so that it hydrates everything first,
 * and what was held is sent again, in order, to the same elements once they answer. This is what
 * React's selective hydration does with the events it replays.
 *
 * A click with a modifier key or another button (a new tab, a new window) is the browser's own
 * and goes through untouched: a copy sent by a script could not open one. So is a click on a link
 * before the app has loaded: the browser follows it to the server's next page at once.
 */

/** Events that come before the ones that act: waking the hydration on them is in time for what follows. */
const WAKE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'popstate'] as const;
/** Events that act: held, and sent again once the app answers. */
const HELD_EVENTS = ['click', 'input', 'change'] as const;

export interface EarlyInput {
  /** Calls `callback` on the customer's first input, at once if it has come already. */
  onInput(callback: () => void): void;
  /**
   * The app has loaded and hydrates next: from now on a click on a link is held too. Until then
   * the browser follows it at once to the server's next page, rather than wait for the app's
   * script, which loads after the first paint (boot.ts).
   */
  appLoaded(): void;
  /**
   * Ends the holding. What was held is sent again in the next task, once what hydrates in this
   * task's microtasks answers.
   */
  release(): void;
}

/**
 * For a form field, what puts its value (and `checked`) back as they are now, when its held event
 * is sent again (see `release`); nothing for any other target.
 */
function keepFieldState(target: EventTarget): (() => void) | undefined {
  if (target instanceof HTMLInputElement) {
    const { value, checked } = target;
    return () => {
      target.value = value;
      target.checked = checked;
    };
  }
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) {
    const { value } = target;
    return () => {
      target.value = value;
    };
  }
  return undefined;
}

export function holdEarlyInput(): EarlyInput {
  const held: Array<{ target: EventTarget; copy: Event; restoreField: (() => void) | undefined }> = [];
  let noticed = false;
  let notify: (() => void) | undefined;
  let releasing = false;
  let loaded = false;

  const notice = () => {
    if (noticed) return;
    noticed = true;
    notify?.();
  };
  const hold = (event: Event) => {
    const { target } = event;
    if (!target) return;
    const browsersOwn =
      event instanceof MouseEvent &&
      (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || (!loaded && target instanceof Element && target.closest('a[href]')));
    if (browsersOwn) {
      notice();
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ target, copy: new (event.constructor as typeof Event)(event.type, event), restoreField: keepFieldState(target) });
    notice();
  };

  const stopHolding = () => {
    for (const type of WAKE_EVENTS) window.removeEventListener(type, notice, true);
    for (const type of HELD_EVENTS) window.removeEventListener(type, hold, true);
  };
  for (const type of WAKE_EVENTS) window.addEventListener(type, notice, { capture: true, passive: true });
  for (const type of HELD_EVENTS) window.addEventListener(type, hold, true);

  return {
    onInput(callback) {
      notify = callback;
      if (noticed) callback();
    },
    appLoaded() {
      loaded = true;
    },
    release() {
      if (releasing) return;
      releasing = true;
      // With nothing held, the app answers from now on. Otherwise what comes until the held
      // events go out (the change after an input) is held too, to keep the order.
      if (held.length === 0) stopHolding();
      else
        setTimeout(() => {
          stopHolding();
          for (const { target, copy, restoreField } of held.splice(0)) {
            // A render of the field's section before this task (an effect's state change) puts
            // the app's value back into the field, over the customer's: the event carries theirs.
            restoreField?.();
            target.dispatchEvent(copy);
          }
        }, 0);
    },
  };
}
