import { paths, type Role } from '@autoparts/shared';
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

/**
 * The dashboard's navigation: a row of links above the page on small screens, a column beside
 * it from md up. Which links show follows the role and membership; the server enforces what each page may do.
 */
export function DashboardSidebar({ role, member = false }: { role: Role; member?: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200 pb-4 md:w-56 md:shrink-0 md:border-r md:border-b-0 md:pr-6 md:pb-0">
      <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
        {linksFor(role, member).map((link) => {
          const current = matchPath(link.to, pathname) !== null || (link.alsoAt !== undefined && matchPath(link.alsoAt, pathname) !== null);
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  current ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200 md:bg-transparent'
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
