import { can, formatDay, formatPrice, ORDER_KINDS, orderStatusLabels, orderStatusSchema, OVERVIEW_DAYS, paths, sumDollars, type AdminOverview, type OrderStatus } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/spinner';
import { overviewQuery } from '../api/get-overview';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { RestockForm } from '../components/restock-form';

const RevenueChart = lazy(() => import('../components/revenue-chart'));

/** Where an order still has something to ship, as the order table says (paid, partly shipped). */
const TO_SHIP: readonly OrderStatus[] = orderStatusSchema.options.filter((state) => ORDER_KINDS.some((kind) => can(state, 'ship', 'admin', kind)));

/**
 * /dashboard for an admin: revenue and orders per day for the last 30 days, orders by
 * status, the best sellers and the parts low on stock with a restock — one call to the server.
 */
export function Overview() {
  const overview = useQuery(overviewQuery);
  return (
    <AdminPage title="Overview" intro={`How the shop is doing: the last ${OVERVIEW_DAYS} days, and what needs restocking.`}>
      {overview.isError ? (
        <LoadError what="the overview" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.isPending ? (
        <LoadingBlock label="Loading the overview" />
      ) : (
        <OverviewFigures overview={overview.data} />
      )}
    </AdminPage>
  );
}

function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const revenue = sumDollars(overview.days.map((day) => day.revenue));
  const orders = overview.days.reduce((sum, day) => sum + day.orders, 0);
  const toShip = TO_SHIP.reduce((sum, status) => sum + (overview.byStatus[status] ?? 0), 0);
  return (
    <div className="grid gap-8">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={`Revenue, ${OVERVIEW_DAYS} days`} value={formatPrice(revenue)} />
        <Figure label={`Orders, ${OVERVIEW_DAYS} days`} value={String(orders)} />
        <Figure label="To ship" value={String(toShip)} />
        <Figure label="Low on stock" value={String(overview.lowStock.length)} />
      </dl>

      <section aria-labelledby="overview-chart-heading" className="min-w-0">
        <h2 id="overview-chart-heading" className="text-xl font-bold text-ink">
          Revenue and orders per day
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Bars: revenue of paid and shipped orders. Line: orders placed. Days run midnight to midnight in the shop’s time zone ({overview.timeZone}).
        </p>
        <div className="mt-3 rounded-xl border border-slate-200 p-3">
          <Suspense fallback={<LoadingBlock label="Loading the chart" />}>
            <RevenueChart days={overview.days} />
          </Suspense>
        </div>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer py-0.5 font-semibold text-brand-700">The figures as a table</summary>
          <table className="mt-2 w-full max-w-md text-left tabular-nums">
            <caption className="sr-only">Revenue and orders per day</caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1">Day</th>
                <th scope="col" className="py-1">Orders</th>
                <th scope="col" className="py-1">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {overview.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="py-0.5 font-normal">{formatDay(day.date)}</th>
                  <td className="py-0.5">{day.orders}</td>
                  <td className="py-0.5">{formatPrice(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="overview-status-heading">
          <h2 id="overview-status-heading" className="text-xl font-bold text-ink">
            Orders by status
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-2">
            {(Object.entries(overview.byStatus) as [OrderStatus, number][]).map(([status, count]) => (
              <li key={status}>
                <Link
                  to={`${paths.manageOrders}?status=${status}`}
                  className="flex items-center justify-between rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  <span className="text-slate-700">{orderStatusLabels[status]}</span>
                  <span className="font-bold tabular-nums text-ink">{count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="overview-best-heading">
          <h2 id="overview-best-heading" className="text-xl font-bold text-ink">
            Best sellers, {OVERVIEW_DAYS} days
          </h2>
          {overview.bestSellers.length === 0 ? (
            <p className="mt-3 text-slate-600">No paid orders in these days yet.</p>
          ) : (
            <ol className="mt-3 grid gap-2">
              {overview.bestSellers.map((part, index) => (
                <li key={part._id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
                  {/* The part number on a line of its own: a long name is cut short on a phone, never the number. */}
                  <span className="min-w-0">
                    <span className="block truncate">
                      <span className="mr-2 tabular-nums text-slate-500">{index + 1}.</span>
                      <span className="font-semibold text-ink">{part.name}</span>
                    </span>
                    <span className="block font-mono text-xs text-slate-500">{part.partNumber}</span>
                  </span>
                  <span className="shrink-0 text-sm tabular-nums text-slate-700">
                    {part.quantity} sold · {formatPrice(part.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <section aria-labelledby="overview-low-heading">
        <h2 id="overview-low-heading" className="text-xl font-bold text-ink">
          Low on stock
        </h2>
        <p className="mt-1 text-sm text-slate-600">Parts on sale with less stock than their threshold (twice the minimum order unless set).</p>
        {overview.lowStock.length === 0 ? (
          <p className="mt-3 text-slate-600">Every part has enough stock.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {overview.lowStock.map((part) => (
              <li key={part._id} className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3">
                <div className="min-w-0">
                  <p className="font-semibold text-ink [overflow-wrap:anywhere]">
                    {part.name} <span className="font-mono text-xs font-normal whitespace-nowrap text-slate-500">{part.partNumber}</span>
                  </p>
                  <p className="text-sm text-slate-700">
                    {part.availableQuantity} in stock · threshold {part.threshold}
                  </p>
                </div>
                <RestockForm part={part} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 p-3">
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600">{label}</dt>
      {/* A revenue of five figures fits half a phone's width: smaller there, and never wider than its card. */}
      <dd className="mt-1 text-xl font-extrabold tabular-nums text-ink [overflow-wrap:anywhere] sm:text-2xl">{value}</dd>
    </div>
  );
}
