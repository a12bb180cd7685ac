import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useMatch, useNavigate } from 'react-router';
import { paths, SEARCH_QUERY_MAX } from '@autoparts/shared';
import { SHOP_NAME } from '../content/site';
import { useChoiceBeforeHydration } from '../lib/choice-before-hydration';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.shop, label: 'Shop' },
  { to: paths.portfolio, label: 'My Portfolio' },
  { to: paths.blogs, label: 'Blogs' },
] as const;

interface HeaderProps {
  /**
   * What stands where 'Login' does, for a signed-in user: 'Dashboard', 'Sign Out' and the display
   * name. Left out, the Login link shows; `null` shows nothing (e.g. while the session loads).
   */
  account?: ReactNode;
  /** The link to the cart with its count: beside the menu button on a phone, after the search from 768 px. */
  cart?: ReactNode;
}

export function Header({ account, cart }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Login brings the visitor back to this page (SPEC §2), at the same place of it (its #hash: a
  // blog answer), as the guards' redirect to it does; from
  // Login or Sign Up themselves, back to where those were to go.
  const location = useLocation();
  const onSignIn = location.pathname === paths.login || location.pathname === paths.signup;
  const loginState = onSignIn ? location.state : { from: location.pathname + location.search + location.hash };

  // On small screens the list is a drop-down; following any link in it (the account's too) closes it.
  function closeAfterChoice(event: MouseEvent<HTMLUListElement>) {
    if (event.target instanceof Element && event.target.closest('a, button')) setMenuOpen(false);
  }

  // Signing out takes the account links away, the focused Sign Out with them, and the focus would
  // fall to the page's body: it goes to the Login link standing in their place (to the menu's
  // button on a phone, whose menu the press closed). A focus elsewhere is left alone (decision 132).
  const accountItem = useRef<HTMLLIElement>(null);
  const focusInAccount = useRef(false);
  const signedOut = account === undefined;
  useLayoutEffect(() => {
    if (!signedOut || !focusInAccount.current) return;
    focusInAccount.current = false;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    const login = accountItem.current?.querySelector('a');
    login?.focus();
    if (document.activeElement !== login) menuButton.current?.focus();
  }, [signedOut]);
  function trackAccountFocus(event: FocusEvent<HTMLLIElement>) {
    // Left for another element; a focus lost with its element (or to a disabled one) has none.
    if (event.type === 'focus') focusInAccount.current = true;
    else if (event.relatedTarget) focusInAccount.current = false;
  }

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        onKeyDown={closeOnEscape}
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-2 px-4 sm:gap-x-6 2xl:flex-nowrap"
      >
        <Link
          to={paths.home}
          aria-label={`${SHOP_NAME} home`}
          className="flex h-16 shrink-0 items-center gap-3 rounded-lg font-bold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <img src="/images/logo.svg" alt="" width={40} height={40} className="size-10" />
          <span className="text-lg leading-tight sm:text-xl">{SHOP_NAME}</span>
        </Link>

        <div className="flex items-center md:order-1 2xl:order-3">
          {cart}
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:hidden"
          >
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            <MenuIcon open={menuOpen} />
          </button>
        </div>

        <HeaderSearch />

        <ul
          id={menuId}
          onClick={closeAfterChoice}
          // From 768 px the links take a row of their own below the logo and search, and from 1536 px
          // share theirs (at 1280 a signed-in row — Dashboard, Sign Out, the name — left the search box
          // a sliver): the header is as tall signed in as signed out, so the session arriving after
          // the first paint moves nothing (layout shift).
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col md:order-2 gap-1 border-t border-slate-200 py-3 md:flex md:flex-row md:items-center md:border-0 md:pt-0 md:pb-2 2xl:w-auto 2xl:shrink-0 2xl:pb-0`}
        >
          {links.map((link) => (
            <li key={link.to}>
              <HeaderLink to={link.to}>{link.label}</HeaderLink>
            </li>
          ))}
          {account === undefined ? (
            <li ref={accountItem}>
              <HeaderLink to={paths.login} state={loginState}>
                Login
              </HeaderLink>
            </li>
          ) : (
            account !== null && (
              <li ref={accountItem} onFocus={trackAccountFocus} onBlur={trackAccountFocus} className="flex flex-col gap-1 md:flex-row md:items-center">
                {account}
              </li>
            )
          )}
        </ul>
      </nav>
    </header>
  );
}

/** The search box of every page: it leads to /shop with the text as `q`. */
function HeaderSearch() {
  const navigate = useNavigate();
  // /shop has a search box of its own; on a phone two boxes one above the other read as two searches.
  const onShop = useMatch(paths.shop) !== null;
  const inputId = useId();
  const [q, setQ] = useState('');
  // A search typed before the app hydrated the box, and not yet sent, the app takes (decision 208).
  const typedEarly = useChoiceBeforeHydration<HTMLInputElement>((input) => setQ(input.value));
  function submit(event: FormEvent) {
    event.preventDefault();
    const text = q.trim();
    void navigate(text ? `${paths.shop}?${new URLSearchParams({ q: text }).toString()}` : paths.shop);
    setQ('');
  }
  return (
    // Sent before the app has hydrated, the form is a plain GET of /shop with the text as `q`.
    // Drawn where it stands in the page's order: on a phone above the open menu's links, so that
    // Tab goes down the screen (drawn below them, it came first and Tab went down, then up).
    <form role="search" aria-label="Parts" action={paths.shop} onSubmit={submit} className={`flex w-full min-w-0 gap-2 pb-3 md:w-auto md:flex-1 md:pb-0 lg:max-w-sm ${onShop ? 'max-md:hidden' : ''}`}>
      <label htmlFor={inputId} className="sr-only">
        Search parts
      </label>
      <input
        id={inputId}
        ref={typedEarly}
        name="q"
        type="search"
        value={q}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => setQ(event.target.value)}
        placeholder="Search parts or part numbers"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-ink placeholder:text-slate-400 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
      />
      <button type="submit" className="rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        Search
      </button>
    </form>
  );
}

/**
 * A header link: marked with aria-current="page" and highlighted while its page shows.
 * Exported for the account links (e.g. 'Dashboard') so they look like the rest.
 */
export function HeaderLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      state={state}
      end={to === paths.home}
      className={({ isActive }) =>
        `block rounded-lg px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
        }`
      }
    >
      {children}
    </NavLink>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
