import { paths } from '@autoparts/shared';
import { NavLink } from 'react-router';
import { useCartCount } from '../api/cart-query';

/** The header's link to /cart with the number of units in it, for visitors and accounts alike. */
export function CartLink() {
  const count = useCartCount();
  const label = count === undefined ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <NavLink
      to={paths.cart}
      aria-label={label}
      data-testid="cart-link"
      className={({ isActive }) =>
        `relative inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg font-medium sm:px-2.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
        }`
      }
    >
      <CartIcon />
      <span className="max-sm:sr-only">Cart</span>
      {/* Always there (empty until the count is known), so the header does not move when it comes. */}
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="inline-flex min-w-6 justify-center rounded-full bg-brand-700 px-1.5 text-sm font-semibold text-white empty:invisible max-sm:absolute max-sm:-top-0.5 max-sm:-right-1 max-sm:min-w-5 max-sm:px-1 max-sm:text-xs"
      >
        {count === undefined || count === 0 ? '' : count > 999 ? '999+' : String(count)}
      </span>
    </NavLink>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
    </svg>
  );
}
