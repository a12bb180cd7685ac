/**
 * Choices made on a server-rendered page before React has hydrated the control they were made in
 * (decision 038): a Year picked in the vehicle selector, a filter ticked on /shop, while the app's
 * script was still on its way. React replays the clicks and key presses that come once a control
 * is hydrated, but a value changed before then is only in the DOM: React hydrates over it, calls
 * no `onChange`, and the app's next render puts the server's value back. So each control of the
 * page, once React has it, is compared with what React rendered; one that differs gets its change
 * sent again, the way the browser sends it, and the app's own handler runs.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Long enough for the slowest phone to hydrate the page; then the watch ends. */
const WATCH_MS = 60_000;

/** What React rendered the control with, once it has hydrated it (it keeps the props on the element). */
function renderedProps(control: Control): { value?: unknown; checked?: unknown } | undefined {
  const key = Object.keys(control).find((name) => name.startsWith('__reactProps$'));
  return key ? (control as unknown as Record<string, { value?: unknown; checked?: unknown }>)[key] : undefined;
}

const checkable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

/** The control's value as the customer left it. */
const valueOf = (control: Control) => (checkable(control) ? String(control.checked) : control.value);

/** The control's value as the page was sent: what the server rendered. */
function sentValue(control: Control): string {
  if (checkable(control)) return String(control.defaultChecked);
  if (control instanceof HTMLSelectElement) return ([...control.options].find((option) => option.defaultSelected) ?? control.options[0])?.value ?? '';
  return control.defaultValue;
}

/** Sends the customer's choice again if React rendered another value. */
function replay(control: Control, chosen: string, props: { value?: unknown; checked?: unknown }) {
  if (checkable(control)) {
    if (props.checked === undefined || String(Boolean(props.checked)) === chosen) return;
    // Back to what React rendered (React notes it), then the customer's click again.
    control.checked = Boolean(props.checked);
    control.click();
    return;
  }
  if (props.value === undefined || String(props.value) === chosen) return;
  // React notes a value set through the element; the prototype's setter passes it by, as typing does.
  control.value = String(props.value);
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, chosen);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Notes the choices already made in `root`, about to be hydrated, and those made in a control React
 * does not have yet; each is sent again once React has the control, if React rendered another value.
 */
export function keepEarlyChoices(root: HTMLElement) {
  const chosen = new Map<Control, string>();
  for (const control of root.querySelectorAll<Control>('input, select, textarea')) {
    if (valueOf(control) !== sentValue(control)) chosen.set(control, valueOf(control));
  }
  const onChange = (event: Event) => {
    const control = event.target as Control;
    if (control instanceof Element && control.matches('input, select, textarea') && root.contains(control) && !renderedProps(control)) {
      chosen.set(control, valueOf(control));
      if (chosen.size === 1) setTimeout(check, 50);
    }
  };
  document.addEventListener('input', onChange, true);
  document.addEventListener('change', onChange, true);
  const until = Date.now() + WATCH_MS;
  function check() {
    for (const [control, value] of chosen) {
      const props = control.isConnected ? renderedProps(control) : undefined;
      if (!control.isConnected || props) chosen.delete(control);
      if (props) replay(control, value, props);
    }
    if (chosen.size > 0 && Date.now() < until) setTimeout(check, 50);
  }
  // Once the page is hydrated, React has every control and sees every change itself.
  setTimeout(() => {
    document.removeEventListener('input', onChange, true);
    document.removeEventListener('change', onChange, true);
  }, WATCH_MS);
  if (chosen.size > 0) setTimeout(check, 0);
}
