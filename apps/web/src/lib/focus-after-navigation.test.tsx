import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useFocusTopAfterNavigation } from './focus-after-navigation';

function Layout() {
  const top = useRef<HTMLDivElement>(null);
  useFocusTopAfterNavigation(top);
  return (
    <div ref={top} tabIndex={-1} data-testid="top">
      <a href="#main">Skip to content</a>
      <input aria-label="Search parts" />
      <Outlet />
      <footer>
        <Link to="/home">Home, from the footer</Link>
      </footer>
    </div>
  );
}

function SignUp() {
  const navigate = useNavigate();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void navigate('/home');
      }}
    >
      <button type="submit">Sign Up</button>
    </form>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/signup', element: <SignUp /> },
          { path: '/home', element: <Link to="/signup">Sign up again</Link> },
        ],
      },
    ],
    { initialEntries: ['/signup'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('focus after a navigation', () => {
  it('goes to the top of the page when the focused element left with the old page', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('link', { name: 'Sign up again' })).toBeInTheDocument();
    expect(screen.getByTestId('top')).toHaveFocus();
    // The next Tab is the skip link, then the header.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  });

  it('goes to the top of the page from a footer link followed, out of sight once the new page opens at its top', async () => {
    const user = userEvent.setup();
    renderApp();
    const footerLink = screen.getByRole('link', { name: 'Home, from the footer' });
    // Where the footer stands once the new page is scrolled to its top: far below the screen.
    vi.spyOn(footerLink, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 2400, width: 120, height: 20 }));
    await user.click(footerLink);
    expect(await screen.findByRole('link', { name: 'Sign up again' })).toBeInTheDocument();
    expect(screen.getByTestId('top')).toHaveFocus();
  });

  it('leaves a focus that is still in the page where it is', async () => {
    const router = renderApp();
    const search = screen.getByRole('textbox', { name: 'Search parts' });
    search.focus();
    await router.navigate('/home');
    expect(await screen.findByRole('link', { name: 'Sign up again' })).toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('goes to the top of the page when the new page hides the focused element (the header’s search box on a phone’s /shop)', async () => {
    const router = renderApp();
    const search = screen.getByRole('textbox', { name: 'Search parts' });
    search.focus();
    // What Chromium answers of an element under `display: none` (jsdom lays nothing out); Chromium
    // then drops its focus to the page's body, where a screen reader is told nothing (decision 149).
    Object.defineProperty(search, 'checkVisibility', { value: () => false });
    await router.navigate('/home');
    expect(await screen.findByRole('link', { name: 'Sign up again' })).toBeInTheDocument();
    expect(screen.getByTestId('top')).toHaveFocus();
  });
});
