import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput, type EarlyInput } from '../lib/early-input';
import { HydrateLater, hydrateInSlices } from './hydrate-later';

/** Labels of the sections in the order they were hydrated (their effects ran). */
let hydrated: string[] = [];

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  useLayoutEffect(() => void hydrated.push(label), [label]);
  return (
    <section aria-label={label}>
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    </section>
  );
}

function Choice({ label }: { label: string }) {
  const [choice, setChoice] = useState('none');
  useLayoutEffect(() => void hydrated.push(label), [label]);
  return (
    <section aria-label={label}>
      <select aria-label="Vehicle" value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
        <option value="none">Any</option>
        <option value="van">Van</option>
      </select>
      <p>Chosen: {choice}</p>
    </section>
  );
}

/** Slices are named once per page load, so each test has its own names. */
function Page({ test }: { test: string }) {
  return (
    <main>
      <a href="#parts">Parts</a>
      <Counter label="Top" />
      <HydrateLater name={`${test}-first`}>
        <Counter label="First" />
      </HydrateLater>
      <HydrateLater name={`${test}-second`}>
        <Counter label="Second" />
      </HydrateLater>
      <HydrateLater name={`${test}-choice`}>
        <Choice label="Choice" />
      </HydrateLater>
    </main>
  );
}

/** A few tasks go by. */
/** Chooses 'van' as a script or a browser's autofill does: `input` and `change` in one go. */
function chooseVanAsAScriptDoes() {
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Vehicle' });
  select.value = 'van';
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return select;
}

const aWhile = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Input held in each test, let go after it. */
const inputs: EarlyInput[] = [];

/** The server's HTML of the page in the document, its script holding input from the start (boot.ts). */
function servePage(test: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString((<Page test={test} />) as unknown as VNode);
  document.body.append(container);
  const input = holdEarlyInput();
  inputs.push(input);
  const serverSections = [...container.querySelectorAll('section')];
  /** The app starts: the page is hydrated in slices (main.tsx). */
  const hydrate = () =>
    act(() => {
      input.appLoaded();
      hydrateInSlices(() => hydrateRoot(container, <Page test={test} />), input);
    });
  return { container, serverSections, hydrate, input };
}

/** The server's page, hydrated in slices at once. */
function hydratePage(test: string) {
  const page = servePage(test);
  page.hydrate();
  return page;
}

afterEach(async () => {
  inputs.splice(0).forEach((input) => input.release());
  await aWhile();
  hydrated = [];
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** jsdom has no IntersectionObserver: this one is told by the test when a section nears the screen. */
class ScreenWatcher {
  static current: ScreenWatcher | undefined;
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScreenWatcher.current = this;
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  /** The customer scrolls `element` near the screen. */
  bringNear(element: Element) {
    if (!this.watched.has(element)) return;
    const entry = { target: element, isIntersecting: true } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

describe('HydrateLater', () => {
  it('keeps the server’s sections as they are, then hydrates them one task each after the rest', async () => {
    const { container, serverSections } = hydratePage('turns');
    expect(serverSections.map((section) => section.textContent)).toEqual(['Top 0', 'First 0', 'Second 0', 'AnyVanChosen: none']);
    // Hydrated at once: the section outside any boundary.
    expect(hydrated).toEqual(['Top']);

    // Then each in its turn, in the server's own elements, nothing drawn twice.
    await waitFor(() => expect(hydrated).toEqual(['Top', 'First', 'Second', 'Choice']));
    const sections = [...container.querySelectorAll('section')];
    expect(sections).toHaveLength(4);
    serverSections.forEach((section, index) => expect(sections[index]).toBe(section));
  });

  it('hydrates a section once it nears the screen, and one never reached not at all', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenWatcher);
    const { serverSections } = hydratePage('near');
    await act(aWhile);
    expect(hydrated).toEqual(['Top']);

    act(() => ScreenWatcher.current?.bringNear(screen.getByRole('region', { name: 'Second' })));
    await waitFor(() => expect(hydrated).toEqual(['Top', 'Second']));
    await act(aWhile);
    expect(hydrated).toEqual(['Top', 'Second']);
    // Still the server's own elements.
    expect([...document.querySelectorAll('section')]).toEqual(serverSections);

    // A step back through the history wakes the rest, as a touch would.
    await act(async () => void window.dispatchEvent(new PopStateEvent('popstate')));
    expect(hydrated).toEqual(['Top', 'Second', 'First', 'Choice']);
  });

  it('hydrates every waiting section on the first touch, before the click it leads to', async () => {
    hydratePage('touch');
    const second = screen.getByRole('button', { name: 'Second 0' });
    await act(async () => {
      fireEvent.pointerDown(second);
    });
    expect(hydrated).toEqual(['Top', 'First', 'Second', 'Choice']);
    act(() => second.click());
    expect(screen.getByRole('button', { name: 'Second 1' })).toBe(second);
  });

  it('holds a click that arrives before its section is hydrated and sends it again, once', async () => {
    hydratePage('click');
    act(() => screen.getByRole('button', { name: 'Second 0' }).click());
    // Held: not lost, and, once a few tasks have gone by, not handled twice.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Second 1' })).toBeInTheDocument());
    await act(aWhile);
    expect(screen.getByRole('button', { name: /^Second/ })).toHaveTextContent('Second 1');
    expect(hydrated).toEqual(['Top', 'First', 'Second', 'Choice']);
  });

  it('keeps a choice made in a waiting section (a change with no focus first, as autofill sends it)', async () => {
    hydratePage('choice');
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Vehicle' });
    select.value = 'van';
    fireEvent.change(select);
    await waitFor(() => expect(screen.getByText('Chosen: van')).toBeInTheDocument());
    expect(select.value).toBe('van');
  });

  it('keeps a choice sent as input and change in one go (as a script or autofill sends them) before the section is hydrated', async () => {
    hydratePage('input-change');
    chooseVanAsAScriptDoes();
    await waitFor(() => expect(screen.getByText('Chosen: van')).toBeInTheDocument());
  });

  it('keeps a choice made on the server’s page before the app has started', async () => {
    const page = servePage('before-app');
    chooseVanAsAScriptDoes();
    page.hydrate();
    await waitFor(() => expect(screen.getByText('Chosen: van')).toBeInTheDocument());
    expect(hydrated).toEqual(['Top', 'First', 'Second', 'Choice']);
  });

  it('keeps a choice made before the app has started when its section renders again before the choice is sent', async () => {
    const page = servePage('rendered-again');
    const select = chooseVanAsAScriptDoes();
    page.hydrate();
    // An effect's state change renders the section again before the held events go out: a render
    // puts the state's value ('none') back into the select, as Preact does (it sets `value` when
    // it differs from the element's).
    select.value = 'none';
    await waitFor(() => expect(screen.getByText('Chosen: van')).toBeInTheDocument());
    expect(select.value).toBe('van');
  });

  it('holds a click made before the app has started, outside any section too, and sends it again once', async () => {
    const page = servePage('click-before-app');
    const top = screen.getByRole('button', { name: 'Top 0' });
    expect(top.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false);
    page.hydrate();
    await waitFor(() => expect(top).toHaveTextContent('Top 1'));
    await act(aWhile);
    expect(top).toHaveTextContent('Top 1');
  });

  it('leaves a click on a link made before the app has loaded to the browser, and holds one made once it has', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenWatcher);
    const page = servePage('link-before-app');
    const link = screen.getByRole('link', { name: 'Parts' });
    const click = () => link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(click()).toBe(true);
    page.input.appLoaded();
    expect(click()).toBe(false);
    page.hydrate();
    await act(aWhile);
    expect(hydrated).toEqual(['Top', 'First', 'Second', 'Choice']);
  });

  it('leaves a click with a modifier key (a new tab) to the browser, and hydrates everything on it', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenWatcher);
    const page = servePage('new-tab');
    const top = screen.getByRole('button', { name: 'Top 0' });
    expect(top.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }))).toBe(true);
    page.hydrate();
    await act(aWhile);
    expect(hydrated).toEqual(['Top', 'First', 'Second', 'Choice']);
    expect(top).toHaveTextContent('Top 0');
  });

  it('renders its section at once when nothing is being hydrated (on the server, or a page drawn in the browser)', () => {
    expect(renderToString((<Page test="drawn" />) as unknown as VNode)).toContain('Second 0');
    render(<Page test="drawn" />);
    act(() => screen.getByRole('button', { name: 'Second 0' }).click());
    expect(screen.getByRole('button', { name: 'Second 1' })).toBeInTheDocument();
  });
});
