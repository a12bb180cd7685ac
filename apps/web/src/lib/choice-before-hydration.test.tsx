import { act, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useChoiceBeforeHydration } from './choice-before-hydration';

/** A filter form as the shop has them: controlled, its state said in text beside it. */
function Filters({ heard, initial = { text: '', inStock: false, sort: 'relevance' } }: { heard: string[]; initial?: { text: string; inStock: boolean; sort: string } }) {
  const [text, setText] = useState(initial.text);
  const [inStock, setInStock] = useState(initial.inStock);
  const [sort, setSort] = useState(initial.sort);
  const textEarly = useChoiceBeforeHydration<HTMLInputElement>((input) => {
    heard.push(`text ${input.value}`);
    setText(input.value);
  });
  const inStockEarly = useChoiceBeforeHydration<HTMLInputElement>((box) => {
    heard.push(`inStock ${box.checked}`);
    setInStock(box.checked);
  });
  const sortEarly = useChoiceBeforeHydration<HTMLSelectElement>((select) => {
    heard.push(`sort ${select.value}`);
    setSort(select.value);
  });
  return (
    <form>
      <input aria-label="Text" ref={textEarly} value={text} onChange={(event) => setText(event.target.value)} />
      <input aria-label="In stock" type="checkbox" ref={inStockEarly} checked={inStock} onChange={(event) => setInStock(event.target.checked)} />
      <select aria-label="Sort" ref={sortEarly} value={sort} onChange={(event) => setSort(event.target.value)}>
        <option value="relevance">Best match</option>
        <option value="name">Name</option>
      </select>
      <output>{`${text}|${inStock}|${sort}`}</output>
    </form>
  );
}

// React is told that the test drives it through act(), as Testing Library's render does.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The page as the server sent it, the customer's changes made, then hydrated. */
function hydrateAfter(change: (page: HTMLElement) => void) {
  const heard: string[] = [];
  const page = document.createElement('div');
  page.innerHTML = renderToString(<Filters heard={[]} />);
  document.body.append(page);
  change(page);
  act(() => {
    root = hydrateRoot(page, <Filters heard={heard} />);
  });
  return { page, heard, said: () => page.querySelector('output')?.textContent };
}

describe('a choice made before React hydrated its control', () => {
  it('is handed to the component once hydrated, and stays in the control', () => {
    const { page, heard, said } = hydrateAfter((page) => {
      page.querySelector<HTMLInputElement>('input[aria-label="Text"]')!.value = 'brake pad';
      page.querySelector<HTMLInputElement>('input[aria-label="In stock"]')!.checked = true;
      page.querySelector<HTMLSelectElement>('select')!.value = 'name';
    });
    expect(heard).toEqual(['text brake pad', 'inStock true', 'sort name']);
    expect(said()).toBe('brake pad|true|name');
    expect(page.querySelector<HTMLInputElement>('input[aria-label="Text"]')!.value).toBe('brake pad');
    expect(page.querySelector<HTMLInputElement>('input[aria-label="In stock"]')!.checked).toBe(true);
    expect(page.querySelector('select')!.value).toBe('name');
  });

  it('is not heard when the controls were drawn in the browser, with other values than the first', () => {
    const heard: string[] = [];
    const page = document.createElement('div');
    document.body.append(page);
    act(() => {
      root = createRoot(page);
      root.render(<Filters heard={heard} initial={{ text: 'pads', inStock: true, sort: 'name' }} />);
    });
    expect(heard).toEqual([]);
    expect(page.querySelector('output')?.textContent).toBe('pads|true|name');
  });

  it('is not heard when nothing was changed, nor again on later renders', () => {
    const { page, heard, said } = hydrateAfter(() => undefined);
    expect(heard).toEqual([]);
    const box = page.querySelector<HTMLInputElement>('input[aria-label="In stock"]')!;
    act(() => box.click());
    expect(said()).toBe('|true|relevance');
    expect(heard).toEqual([]);
  });
});
