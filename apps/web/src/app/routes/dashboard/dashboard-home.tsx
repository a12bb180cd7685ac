import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../../components/spinner';
import { useMe } from '../../../lib/me';

// Each loads on demand: a customer never downloads the overview (nor its chart library).
const Overview = lazy(() => import('../../../features/admin/routes/overview').then((module) => ({ default: module.Overview })));
const MyOrders = lazy(() => import('../../../features/orders/routes/my-orders').then((module) => ({ default: module.Component })));

/**
 * /dashboard's first page: My Orders for a customer (SPEC §2), the overview for an admin
 * (the server refuses its figures to anyone else).
 */
export function Component() {
  const { data: me } = useMe();
  return <Suspense fallback={<LoadingBlock label="Loading" />}>{me?.role === 'admin' ? <Overview /> : <MyOrders />}</Suspense>;
}
