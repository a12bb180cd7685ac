import { paths, type Role } from '@autoparts/shared';
import { NavLink } from 'react-router';

/**
 * SPEC §2's sidebar, by role; 'Manage All Orderes' is spelled as the spec shows it. An admin
 * orders as a customer does, so their own orders and history are listed too.
 */
const linksByRole: Record<Role, { to: string; label: string }[]> = {
  customer: [
    { to: paths.dashboard, label: 'My Orders' },
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
const companyLink = { to: paths.company, label: 'Company' };

/** The role's links, with Company after My Addresses for a member of a company. */
function linksFor(role: Role, member: boolean) {
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
  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200 pb-4 md:w-56 md:shrink-0 md:border-r md:border-b-0 md:pr-6 md:pb-0">
      <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
        {linksFor(role, member).map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  isActive ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200 md:bg-transparent'
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
