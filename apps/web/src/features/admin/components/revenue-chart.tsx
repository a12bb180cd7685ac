import { formatDay, formatPrice, type AdminOverview } from '@autoparts/shared';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * Revenue (bars) and orders (line) per day. Loaded on demand by the overview only, so the chart
 * library stays out of every other page. The same figures are in a table for screen readers.
 */
export default function RevenueChart({ days }: { days: AdminOverview['days'] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          {/* A day as the pages write it, without its year under the bars: "Nov 21". */}
          <XAxis dataKey="date" tickFormatter={(date: string) => formatDay(date).replace(/, \d+$/, '')} tick={{ fontSize: 12, fill: '#475569' }} minTickGap={16} />
          <YAxis yAxisId="revenue" tickFormatter={(value: number) => `$${value}`} tick={{ fontSize: 12, fill: '#475569' }} width={56} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} width={32} />
          <Tooltip labelFormatter={(date) => formatDay(String(date))} formatter={(value, name) => (name === 'Revenue' ? formatPrice(Number(value)) : String(value))} />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill="#c2410c" radius={[3, 3, 0, 0]} />
          <Line yAxisId="orders" dataKey="orders" name="Orders" stroke="#0f172a" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
