import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, renderWithRouter } from '../test/render-with-router';
import { Header } from './header';

describe('Header', () => {
  it('links the logo and the shop name home', () => {
    renderWithRouter(<Header />);
    const home = screen.getByRole('link', { name: 'Autoparts Manufacturer home' });
    expect(home).toHaveAttribute('href', '/');
    expect(within(home).getByText('Autoparts Manufacturer')).toBeInTheDocument();
    expect(home.querySelector('img')).toHaveAttribute('src', '/images/logo.svg');
  });

  it('links Home, My Portfolio, Blogs and Login', () => {
    renderWithRouter(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'My Portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(within(nav).getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('Login says which page it was followed from, for the login page to come back to (SPEC §2)', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/part/:id', element: <Header /> },
        { path: '/login', element: <p>Login page</p> },
      ],
      { path: '/part/42?qty=3' },
    );
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/part/42?qty=3' });
  });

  it('Login followed from a blog answer comes back to that answer, not the top of the page', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/blogs', element: <Header /> },
        { path: '/login', element: <p>Login page</p> },
      ],
      { path: '/blogs#strict-equality' },
    );
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/blogs#strict-equality' });
  });

  it('Login followed on Login or Sign Up keeps the page those were to go back to', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/login', element: <Header /> },
        { path: '/signup', element: <Header /> },
      ],
      { path: '/signup', state: { from: '/checkout' } },
    );
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(router.state.location.state).toEqual({ from: '/checkout' });
  });

  it('marks the link of the current page', () => {
    renderWithRouter(<Header />, { path: '/blogs' });
    expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('shows the account links instead of Login when given', () => {
    renderWithRouter(<Header account={<button type="button">Sign Out</button>} />);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  // Signing out took the focused Sign Out away with the account links, and the focus fell to the
  // page's body: the next Tab started again from the top of the page.
  it('gives the focus to Login when signing out took it away with the account links', async () => {
    function SessionHeader() {
      const [signedIn, setSignedIn] = useState(true);
      return (
        <Header
          account={
            signedIn ? (
              <button type="button" onClick={() => setSignedIn(false)}>
                Sign Out
              </button>
            ) : undefined
          }
        />
      );
    }
    renderWithRouter(<SessionHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveFocus();
  });

  it('leaves the focus where it is when the session ends while it is elsewhere', async () => {
    function SessionHeader() {
      const [signedIn, setSignedIn] = useState(true);
      return (
        <>
          <Header account={signedIn ? <button type="button">Sign Out</button> : undefined} />
          <button type="button" onClick={() => setSignedIn(false)}>
            End session
          </button>
        </>
      );
    }
    renderWithRouter(<SessionHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await userEvent.click(screen.getByRole('button', { name: 'End session' }));
    expect(screen.getByRole('button', { name: 'End session' })).toHaveFocus();
  });

  it('leaves the search to /shop’s own box on a phone there, and searches from every other page', () => {
    const { unmount } = renderWithRouter(<Header />, { path: '/shop' });
    expect(screen.getByRole('search', { name: 'Parts' })).toHaveClass('max-md:hidden');
    unmount();
    renderWithRouter(<Header />, { path: '/blogs' });
    expect(screen.getByRole('search', { name: 'Parts' })).not.toHaveClass('max-md:hidden');
  });

  it('opens and closes the menu with its button', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Header />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(menu).toContainElement(screen.getByRole('link', { name: 'Blogs' }));

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAccessibleName('Open menu');
  });

  it('closes the menu when a link is followed or Escape is pressed', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<Header />);
    const button = screen.getByRole('button', { name: 'Open menu' });

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Blogs' }));
    expect(router.state.location.pathname).toBe('/blogs');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
