import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@autoparts/shared';
import { RequireAdmin, RequireAuth } from '../features/auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { HomeRoute } from './routes/home';

/**
 * Every route of the web app, in one place (SPEC §2). The path table it follows is shared with
 * the server, which answers 404 for anything else. Pages other than home load on demand.
 * A page that fails (its script did not load, the server is down, a bug) shows RouteError inside
 * the layout: in the dashboard beside its sidebar, elsewhere below the header.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    // Only when the layout itself fails; a page's own failure is caught inside it.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: paths.shop, lazy: () => import('../features/catalog/routes/shop') },
          { path: paths.cart, lazy: () => import('../features/cart/routes/cart') },
          { path: paths.blogs, lazy: () => import('./routes/blogs') },
          { path: paths.portfolio, lazy: () => import('./routes/portfolio') },
          { path: '/parts/:partNumber', lazy: () => import('../features/parts/routes/part-page') },
          { path: paths.login, lazy: () => import('../features/auth/routes/login') },
          { path: paths.signup, lazy: () => import('../features/auth/routes/signup') },
          { path: paths.forgotPassword, lazy: () => import('../features/auth/routes/forgot-password') },
          { path: paths.resetPassword, lazy: () => import('../features/auth/routes/reset-password') },
          { path: paths.verifyEmail, lazy: () => import('../features/auth/routes/verify-email') },
          { path: '/company/invitations/:token', lazy: () => import('../features/companies/routes/accept-invitation') },
          {
            // Signed-in pages (SPEC §6).
            element: <RequireAuth />,
            children: [
              { path: '/part/:id', lazy: () => import('../features/orders/routes/part') },
              { path: paths.checkout, lazy: () => import('../features/checkout/routes/checkout') },
              {
                path: paths.dashboard,
                lazy: () => import('./routes/dashboard/dashboard-layout'),
                children: [
                  {
                    errorElement: <RouteError />,
                    children: [
                      { index: true, lazy: () => import('./routes/dashboard/dashboard-home') },
                      { path: paths.myOrders, lazy: () => import('../features/orders/routes/my-orders') },
                      { path: paths.orderHistory, lazy: () => import('../features/orders/routes/order-history') },
                      { path: '/dashboard/orders/:orderNumber', lazy: () => import('../features/orders/routes/order') },
                      { path: '/dashboard/payment/:id', lazy: () => import('../features/payments/routes/payment') },
                      { path: paths.profile, lazy: () => import('../features/profile/routes/profile') },
                      { path: paths.addresses, lazy: () => import('../features/addresses/routes/addresses') },
                      { path: paths.changePassword, lazy: () => import('../features/profile/routes/change-password') },
                      { path: paths.review, lazy: () => import('../features/reviews/routes/add-review') },
                      { path: paths.returns, lazy: () => import('../features/returns/routes/my-returns') },
                      { path: paths.company, lazy: () => import('../features/companies/routes/company') },
                      {
                        // Admin pages (SPEC §6): a non-admin is signed out and sent to /login.
                        element: <RequireAdmin />,
                        children: [
                          { path: paths.manageOrders, lazy: () => import('../features/admin/routes/manage-orders') },
                          { path: paths.addProduct, lazy: () => import('../features/admin/routes/add-product') },
                          { path: paths.makeAdmin, lazy: () => import('../features/admin/routes/make-admin') },
                          { path: paths.manageProducts, lazy: () => import('../features/admin/routes/manage-products') },
                          { path: '/dashboard/manageproducts/:id/catalogue', lazy: () => import('../features/admin/routes/part-catalogue') },
                          { path: paths.manageReviews, lazy: () => import('../features/admin/routes/manage-reviews') },
                          { path: paths.operations, lazy: () => import('../features/admin/routes/operations') },
                          { path: paths.shippingMethods, lazy: () => import('../features/shipping-methods/routes/shipping-methods') },
                          { path: paths.taxRates, lazy: () => import('../features/tax-rates/routes/tax-rates') },
                          { path: paths.manageReturns, lazy: () => import('../features/returns/routes/manage-returns') },
                          { path: paths.fitmentReports, lazy: () => import('../features/fitment-reports/routes/fitment-reports') },
                          { path: paths.catalogueData, lazy: () => import('../features/catalogue-data/routes/catalogue-data') },
                          { path: paths.auditLog, lazy: () => import('../features/audit/routes/audit-log') },
                          { path: paths.manageCompanies, lazy: () => import('../features/companies/routes/manage-companies') },
                          { path: paths.manageCertificates, lazy: () => import('../features/certificates/routes/manage-certificates') },
                          { path: paths.priceLists, lazy: () => import('../features/price-lists/routes/price-lists') },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

/**
 * Loads the pages that `pathname` shows (the lazy routes it matches), so that a page rendered on
 * the server is hydrated with the same tree instead of a fallback.
 */
export async function loadRoutesFor(pathname: string) {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
