import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, renderWithRouter } from '../test/render-with-router';
import { useSearchChanges } from './search-changes';

/** Two buttons: one sets `a` and then `b` in the same click, one sets `c`. */
function Filters() {
  const [search, changeSearch] = useSearchChanges();
  const set = (key: string) => changeSearch((latest) => {
    latest.set(key, '1');
    return latest;
  });
  return (
    <>
      <output aria-label="Search">{search.toString()}</output>
      <button type="button" onClick={() => { set('a'); set('b'); }}>a and b</button>
      <button type="button" onClick={() => set('c')}>c</button>
    </>
  );
}

/** A checkbox bound to the search, as /shop's In stock only. */
function InStockOnly() {
  const [search, changeSearch] = useSearchChanges();
  return (
    <label>
      <input
        type="checkbox"
        checked={search.get('inStock') === 'true'}
        onChange={(event) => {
          const checked = event.target.checked;
          changeSearch((latest) => {
            if (checked) latest.set('inStock', 'true');
            else latest.delete('inStock');
            return latest;
          });
        }}
      />
      In stock only
    </label>
  );
}

const searchOf = (router: ReturnType<typeof renderWithRouter>['router']) => new URLSearchParams(router.state.location.search);

describe('useSearchChanges', () => {
  it('builds a second change made before React has drawn the first on the first, not on the render', async () => {
    const { router } = renderWithRouter(<Filters />, { path: '/shop?q=pads' });
    await userEvent.click(screen.getByRole('button', { name: 'a and b' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Search' })).toHaveTextContent('q=pads&a=1&b=1'));
    expect(Object.fromEntries(searchOf(router))).toEqual({ q: 'pads', a: '1', b: '1' });
  });

  it('builds on a search that came another way (a link, Back) once React has drawn it', async () => {
    const { router } = renderWithRouter(<Filters />, { path: '/shop?q=pads' });
    await userEvent.click(screen.getByRole('button', { name: 'a and b' }));
    await waitFor(() => expect(searchOf(router).get('b')).toBe('1'));
    await act(() => router.navigate('/shop?q=discs'));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Search' })).toHaveTextContent(/^q=discs$/));
    await userEvent.click(screen.getByRole('button', { name: 'c' }));
    await waitFor(() => expect(Object.fromEntries(searchOf(router))).toEqual({ q: 'discs', c: '1' }));
  });

  it('shows the search asked for while its navigation is under way, and the router’s once it is drawn', async () => {
    // The navigation to a search with the box ticked waits on its loader until the test lets it go.
    let release!: () => void;
    const held = new Promise<null>((resolve) => (release = () => resolve(null)));
    const { router } = renderRoutes(
      [{ path: '*', element: <InStockOnly />, loader: ({ request }) => (new URL(request.url).searchParams.has('inStock') ? held : null) }],
      { path: '/shop' },
    );
    const box = await screen.findByRole('checkbox', { name: 'In stock only' });
    await userEvent.click(box);
    expect(router.state.navigation.state).toBe('loading');
    expect(box).toBeChecked();
    await act(async () => release());
    await waitFor(() => expect(searchOf(router).get('inStock')).toBe('true'));
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(searchOf(router).has('inStock')).toBe(false));
    expect(box).not.toBeChecked();
  });
});
