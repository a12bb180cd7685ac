import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Whether the customer changed the control since the page was sent: its value is no longer the
 * one in the HTML (an input's `value` or `checked` attribute, which React takes as the default
 * once it has the control; a select's option marked `selected`, as React's server marks the
 * chosen one of a controlled select). React hydrates a control without touching the value in it.
 * A select drawn in the browser has no option so marked: it was not sent, nothing was changed.
 */
function changedSinceSent(control: Control): boolean {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) {
    const sent = [...control.options].find((option) => option.defaultSelected);
    return sent !== undefined && control.value !== sent.value;
  }
  return control.value !== control.defaultValue;
}

/**
 * A choice made on a server-rendered page before React hydrated its control (decision 076): a
 * Year picked, a filter ticked, a price typed while the app's script was on its way. React keeps
 * the value in the DOM but calls no `onChange` for it, and the next render would put the rendered
 * value back. Give the returned ref to a controlled input or select: once the component has
 * mounted (hydrated or drawn), `keep` is called with the control if the customer changed it, and
 * does what its `onChange` does. Only then: later the control's own events tell the component.
 * A layout effect, so that it comes before the page is painted again, and after the effects of
 * the hooks called before this one (the router's navigate is ready once its own has run).
 */
export function useChoiceBeforeHydration<T extends Control>(keep: (control: T) => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  const keepChoice = useEffectEvent(keep);
  useLayoutEffect(() => {
    const control = ref.current;
    if (control && changedSinceSent(control)) keepChoice(control);
  }, []);
  return ref;
}
