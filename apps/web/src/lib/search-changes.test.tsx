import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router';
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
});
