import { paths, type Role } from '@autoparts/shared';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, matchPath, useLocation } from 'react-router';

/**
 * SPEC §2's sidebar, by role; 'Manage All Orderes' is spelled as the spec shows it. An admin
 * orders as a customer does, so their own orders and history are listed too.
 */
interface SidebarLink {
  to: string;
  label: string;
  /** Another path where the same page opens, the link marked as current there too. */
  alsoAt?: string;
}

const linksByRole: Record<Role, SidebarLink[]> = {
  customer: [
    // A customer's dashboard is their orders, which also open at their own path (the order page's link).
    { to: paths.dashboard, label: 'My Orders', alsoAt: paths.myOrders },
    { to: paths.orderHistory, label: 'Order history' },
    { to: paths.returns, label: 'My Returns' },
    { to: paths.review, label: 'Add a Review' },
    { to: paths.profile, label: 'My Profile' },
    { to: paths.addresses, label: 'My Addresses' },
    { to: paths.changePassword, label: 'Change password' },
  ],
  admin: [
    { to: paths.dashboard, label: 'Overview' },
    { to: paths.myOrders, label: 'My Orders' },
    { to: paths.orderHistory, label: 'Order history' },
    { to: paths.returns, label: 'My Returns' },
    { to: paths.profile, label: 'My Profile' },
    { to: paths.addresses, label: 'My Addresses' },
    { to: paths.changePassword, label: 'Change password' },
    { to: paths.manageOrders, label: 'Manage All Orderes' },
    { to: paths.manageReturns, label: 'Returns' },
    { to: paths.addProduct, label: 'Add a Product' },
    { to: paths.makeAdmin, label: 'Make Admin' },
    { to: paths.manageProducts, label: 'Manage Products' },
    { to: paths.manageReviews, label: 'Customer Reviews' },
    { to: paths.shippingMethods, label: 'Shipping Methods' },
    { to: paths.taxRates, label: 'Tax Rates' },
    { to: paths.fitmentReports, label: 'Fitment reports' },
    { to: paths.catalogueData, label: 'Catalogue data' },
    { to: paths.operations, label: 'Operations' },
    { to: paths.auditLog, label: 'Audit log' },
    { to: paths.manageCompanies, label: 'Companies' },
    { to: paths.manageCertificates, label: 'Certificates' },
    { to: paths.priceLists, label: 'Price lists' },
  ],
};

/** A member's Company page (decision 075), after their own addresses. */
const companyLink: SidebarLink = { to: paths.company, label: 'Company' };

/** The role's links, with Company after My Addresses for a member of a company. */
function linksFor(role: Role, member: boolean): SidebarLink[] {
  const links = linksByRole[role];
  if (!member) return links;
  const at = links.findIndex((link) => link.to === paths.addresses) + 1;
  return [...links.slice(0, at), companyLink, ...links.slice(at)];
}

/** More links than this fold on a phone under one button naming the page (an admin has twenty). */
const FOLD_AFTER = 8;

/**
 * The dashboard's navigation: a row of links above the page on small screens, a column beside
 * it from md up. Which links show follows the role and membership; the server enforces what each page may do.
 * A long list (an admin's) folds on a phone under a button that names the page, as the header's
 * menu does: following a link or Escape folds it again.
 */
export function DashboardSidebar({ role, member = false }: { role: Role; member?: boolean }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const links = linksFor(role, member).map((link) => ({
    ...link,
    current: matchPath(link.to, pathname) !== null || (link.alsoAt !== undefined && matchPath(link.alsoAt, pathname) !== null),
  }));
  const folds = links.length > FOLD_AFTER;
  const here = links.find((link) => link.current);

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  }

  return (
    <nav aria-label="Dashboard" onKeyDown={closeOnEscape} className="border-b border-slate-200 pb-4 md:w-56 md:shrink-0 md:border-r md:border-b-0 md:pr-6 md:pb-0">
      {folds && (
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((was) => !was)}
          className="flex w-full items-center justify-between gap-3 rounded-lg bg-slate-100 px-3 py-2 text-left font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:hidden"
        >
          <span>
            Dashboard menu{here && <span className="font-semibold text-ink">{`: ${here.label}`}</span>}
          </span>
          <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      )}
      <ul id={listId} className={`${folds && !open ? 'max-md:hidden' : ''} flex flex-wrap gap-2 ${folds ? 'max-md:mt-3' : ''} md:flex-col md:gap-1`}>
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={link.current ? 'page' : undefined}
              onClick={() => setOpen(false)}
              className={`block rounded-lg px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                link.current ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200 md:bg-transparent'
              }`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
