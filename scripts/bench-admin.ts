/**
 * `npm run bench:admin`: the admins' own screens at a manufacturer's size (decision 229).
 *   npm run bench:admin                                   # 100,000 parts, 200,000 accounts, 1,000,000 orders …
 *   npm run bench:admin -- --orders=50000 --audit=50000 --users=20000 --parts=10000 --reviews=5000 --returns=2000
 * Starts a throwaway PostgreSQL cluster (scripts/postgres-cluster.ts, no fsync) and the shop on it
 * (NODE_ENV=production, TRUST_PROXY=1), makes an admin, loads the tables with `generate_series`
 * on the server (nothing held in the bench's memory; ids are md5 of a name and a number, so rows
 * name each other without lookups), `vacuum analyze`s as autovacuum would after a bulk load, then
 * calls every admin list the web app calls, over HTTP as that admin: a first page, filtered pages
 * and a deep page (page 1,000, and the last page where the list says its total), RUNS times each
 * after WARMUP, and prints p50/p95 per call with the machine's load. Nothing is asserted; figures
 * go into docs/benchmarks.md by hand.
 *   --only=orders,audit      measures only the calls whose name starts with one of these
 *   --hold                   leaves the loaded shop and its database running at the end (printed)
 *                            until `kill -USR2` of the bench: for EXPLAIN and before/after rounds
 *   --database=URL           measures a database a held bench loaded (no cluster, no load): the
 *                            shop of this worktree's code is started on it (migrating it first)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase, startPostgresCluster } from './postgres-cluster';
import { root, signInOverHttp, signUpOverHttp, startShop, stopShop, type Shop } from './shop-process';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: '100000' },
    users: { type: 'string', default: '200000' },
    orders: { type: 'string', default: '1000000' },
    'lines-per-order': { type: 'string', default: '2' },
    audit: { type: 'string', default: '1000000' },
    reviews: { type: 'string', default: '100000' },
    returns: { type: 'string', default: '50000' },
    companies: { type: 'string', default: '3000' },
    certificates: { type: 'string', default: '3000' },
    'fitment-reports': { type: 'string', default: '2000' },
    mail: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    only: { type: 'string' },
    database: { type: 'string' },
    hold: { type: 'boolean', default: false },
  },
});
const size = (name: keyof typeof values) => Number(values[name]);
const RUNS = size('runs');
const WARMUP = size('warmup');
const sizes = {
  parts: size('parts'),
  users: size('users'),
  orders: size('orders'),
  lines: size('lines-per-order'),
  audit: size('audit'),
  reviews: size('reviews'),
  // A return is of a delivered order: at most five in a hundred orders have one.
  returns: Math.min(size('returns'), Math.floor(size('orders') / 20)),
  companies: size('companies'),
  certificates: Math.min(size('certificates'), size('companies')),
  fitmentReports: size('fitment-reports'),
  mail: size('mail'),
};

/** The machine's load average (1, 5, 15 min) as a figure is taken: the machine may be shared. */
const load = () => `${os.loadavg().map((average) => average.toFixed(1)).join(' ')}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The rows, as the shop's own writes would leave them, each statement timed. */
async function loadRows(client: pg.Client) {
  const { parts, users, orders, lines, audit, reviews, returns, companies, certificates, fitmentReports, mail } = sizes;
  const step = async (label: string, text: string) => {
    const started = performance.now();
    const result = await client.query(text);
    console.log(`  ${label}: ${(result.rowCount ?? 0).toLocaleString('en-US')} rows in ${seconds(performance.now() - started)} [load ${load()}]`);
  };
  const domain = (n: string) => `(array['example.com','garage.test','fleet.example','autohaus.example','mail.test'])[1 + ${n} % 5]`;
  const email = (n: string) => `'customer' || ${n} || '@' || ${domain(n)}`;

  await step(
    'parts',
    `insert into parts (id, name, description, img, price_cents, available_quantity, min_order_quantity, category_slug, part_number, oem_numbers, archived_at, created_at)
     select md5('part' || n)::uuid,
            (array['Brake Pads','Brake Rotor','Alternator','Starter Motor','Oil Filter','Air Filter','Shock Absorber','Water Pump','Radiator','Spark Plug','Clutch Kit','Wheel Bearing'])[1 + n % 12] || ' ' || n,
            'Bench part ' || n || ', tested to OE specifications.', '/images/parts/brake-pads.svg',
            500 + (n::bigint * 7919) % 50000, (n * 31) % 500, 1,
            (select slug from categories order by position offset n % 10 limit 1),
            'BEN-' || lpad(n::text, 6, '0'),
            array[lpad(((n::bigint * 104729) % 100000)::text, 5, '0') || '-' || lpad(((n * 7) % 100000)::text, 5, '0')],
            case when n % 25 = 0 then now() - interval '30 days' end,
            now() - (${parts} - n) * interval '10 minutes'
     from generate_series(1, ${parts}) n`,
  );
  await step(
    'accounts',
    `insert into users (id, name, email, email_verified, created_at, updated_at)
     select 'bench-user-' || n, (array['Jane','Omar','Li','Ana','Sam','Priya','Tom','Eva'])[1 + n % 8] || ' ' || (array['Smith','Garcia','Chen','Novak','Okafor','Müller','Rossi'])[1 + n % 7] || ' ' || n,
            ${email('n')}, n % 5 <> 0, now() - (${users} - n) * interval '7 minutes', now()
     from generate_series(1, ${users}) n`,
  );
  // Statuses as a shop's few years leave them: mostly delivered, some in flight, some ended.
  await step(
    'orders',
    `insert into orders (id, user_id, email, customer_name, part_id, part_name, part_img, unit_price_cents, quantity, subtotal_cents, total_cents, address, status,
                         created_at, paid_at, shipped_at, delivered_at, cancelled_at, expires_at, expired_at)
     select md5('order' || n)::uuid, 'bench-user-' || u, ${email('u')}, 'Customer ' || u, md5('part' || p)::uuid, 'Bench part ' || p,
            '/images/parts/brake-pads.svg', 1000 + p % 9000, 1 + n % 4, (1000 + p % 9000) * (1 + n % 4), (1000 + p % 9000) * (1 + n % 4),
            n || ' Bench Street, Springfield', s, at,
            case when s not in ('unpaid', 'expired') then at + interval '5 minutes' end,
            case when s in ('shipped', 'delivered', 'partially_shipped') then at + interval '1 day' end,
            case when s = 'delivered' then at + interval '3 days' end,
            case when s = 'cancelled' then at + interval '1 hour' end,
            case when s in ('unpaid', 'expired') then at + interval '1 day' end,
            case when s = 'expired' then at + interval '1 day' end
     from (select n, 1 + (n::bigint * 7919) % ${users} as u, 1 + (n::bigint * 104729) % ${parts} as p,
                  now() - (${orders} - n) * interval '90 seconds' as at,
                  case when n % 100 < 1 then 'unpaid' when n % 100 < 2 then 'partially_shipped' when n % 100 < 10 then 'paid'
                       when n % 100 < 25 then 'shipped' when n % 100 < 33 then 'cancelled' when n % 100 < 38 then 'expired' else 'delivered' end as s
           from generate_series(1, ${orders}) n) o`,
  );
  await step(
    'order lines',
    `insert into order_lines (order_id, position, part_id, part_number, name, img, quantity, unit_price_cents, line_total_cents)
     select md5('order' || n)::uuid, k, md5('part' || p)::uuid, 'BEN-' || lpad(p::text, 6, '0'), 'Bench part ' || p, '/images/parts/brake-pads.svg',
            1 + n % 4, 1000 + p % 9000, (1000 + p % 9000) * (1 + n % 4)
     from generate_series(1, ${orders}) n cross join generate_series(1, ${lines}) k
     cross join lateral (select 1 + ((n::bigint * 104729) + (k - 1) * 7919) % ${parts} as p) picked`,
  );
  // Eight admins; what they did on orders, parts, reviews and accounts, over the same years.
  await step(
    'audit log',
    `insert into audit_log (actor_id, actor_email, action, target, details, created_at)
     select null, 'admin' || (n % 8) || '@example.com', a,
            case when a in ('order.deliver', 'order.cancel') then 'order ' || md5('order' || (1 + (n::bigint * 7919) % ${orders}))::uuid
                 when a in ('part.restock', 'part.archive') then 'part ' || md5('part' || (1 + (n::bigint * 104729) % ${parts}))::uuid
                 when a = 'review.hide' then 'review ' || md5('review' || (1 + n % ${Math.max(reviews, 1)}))::uuid
                 else ${email(`(1 + n % ${users})`)} end,
            case when a = 'part.restock' then jsonb_build_object('added', 1 + n % 50) else '{}'::jsonb end,
            now() - (${audit} - n) * interval '90 seconds'
     from (select n, (array['order.deliver','order.deliver','order.deliver','order.cancel','part.restock','part.restock','part.archive','review.hide','user.make-admin','user.remove'])[1 + n % 10] as a
           from generate_series(1, ${audit}) n) entries`,
  );
  await step(
    'reviews',
    `insert into reviews (id, email, name, description, rating, hidden_at, created_at)
     select md5('review' || n)::uuid, ${email(`(1 + n % ${users})`)}, 'Customer ' || n, 'Bench review ' || n || ': fitted well, would buy again.',
            (array['1','2','3','3.5','4','4.5','5','5'])[1 + n % 8], case when n % 20 = 0 then now() end, now() - (${reviews} - n) * interval '15 minutes'
     from generate_series(1, ${reviews}) n`,
  );
  // Five orders in a hundred (delivered ones: n % 100 in 40, 50, … 80) have a return of their first line.
  const returnOrder = `(100 * (n / 5) + 40 + (n % 5) * 10)`;
  await step(
    'returns',
    `insert into returns (id, rma_number, order_id, user_id, reason, status, created_at, decided_at)
     select md5('return' || n)::uuid, 500000 + n, md5('order' || ${returnOrder})::uuid, 'bench-user-' || (1 + (${returnOrder}::bigint * 7919) % ${users}),
            (array['does-not-fit','defective','damaged-in-transit','wrong-part-sent','no-longer-needed'])[1 + n % 5],
            (array['requested','approved','rejected','received','refunded','refunded','refunded','replaced'])[1 + n % 8],
            now() - (${returns} - n) * interval '30 minutes', case when n % 8 <> 0 then now() - (${returns} - n) * interval '30 minutes' + interval '1 day' end
     from generate_series(0, ${returns} - 1) n`,
  );
  await step(
    'return lines',
    `insert into return_lines (return_id, order_id, position, quantity) select md5('return' || n)::uuid, md5('order' || ${returnOrder})::uuid, 1, 1 from generate_series(0, ${returns} - 1) n`,
  );
  await step(
    'companies',
    `insert into companies (id, name, created_at) select md5('company' || n)::uuid, 'Bench Fleet ' || n, now() - (${companies} - n) * interval '6 hours' from generate_series(1, ${companies}) n`,
  );
  await step(
    'company locations',
    `insert into company_locations (id, company_id, name, line1, city, country) select md5('location' || n)::uuid, md5('company' || n)::uuid, 'Depot ' || n, n || ' Depot Road', 'Springfield', 'US' from generate_series(1, ${companies}) n`,
  );
  await step(
    'resale certificates',
    `insert into resale_certificates (location_id, state, number, expires_on, document, document_type, document_name, uploaded_at, verified_at, rejected_at, rejection_reason)
     select md5('location' || n)::uuid, 'TX', 'TX-' || n, to_char(now() + (n % 700 - 100) * interval '1 day', 'YYYY-MM-DD'), convert_to('%PDF-1.4 bench ' || n, 'UTF8'),
            'application/pdf', 'certificate-' || n || '.pdf', now() - n * interval '2 hours',
            case when n % 3 = 1 and n % 10 <> 0 then now() - n * interval '1 hour' end, case when n % 10 = 0 then now() end, case when n % 10 = 0 then 'The number does not match the state.' end
     from generate_series(1, ${certificates}) n`,
  );
  await step(
    'fitment reports',
    `insert into fitment_reports (part_id, vehicle_id, note, status, created_at, resolved_at)
     select md5('part' || (1 + (n::bigint * 7919) % ${parts}))::uuid, v.id, 'Did not fit, report ' || n, case when n % 4 = 0 then 'open' else 'dismissed' end,
            now() - n * interval '3 hours', case when n % 4 <> 0 then now() - n * interval '2 hours' end
     from generate_series(1, ${fitmentReports}) n
     join (select id, row_number() over (order by id) as k from vehicles) v on v.k = 1 + n % (select count(*) from vehicles)`,
  );
  // Mail sent over the years, and a few hundred messages failing now (what Operations lists).
  await step(
    'mail',
    `insert into mail_outbox (kind, recipient, subject, html, text, order_id, created_at, sent_at, attempts, last_error)
     select 'order-placed', ${email(`(1 + n % ${users})`)}, 'Your order', '<p>Bench</p>', 'Bench', md5('order' || (1 + (n::bigint * 7919) % ${orders}))::uuid,
            now() - (${mail} - n) * interval '15 minutes', case when n % 300 <> 0 then now() - (${mail} - n) * interval '15 minutes' end,
            case when n % 300 = 0 then 3 else 1 end, case when n % 300 = 0 then 'connect ECONNREFUSED 127.0.0.1:25' end
     from generate_series(1, ${mail}) n`,
  );
  const started = performance.now();
  await client.query('vacuum analyze');
  console.log(`  vacuum analyze: ${seconds(performance.now() - started)} [load ${load()}]`);
}

/** A new account made admin by `npm run make-admin`, signed in: its cookie. */
async function adminCookie(shop: Shop, env: Record<string, string>): Promise<string> {
  const email = `bench-admin-${randomUUID()}@example.com`;
  const password = 'bench-admin-password-1';
  await signUpOverHttp(shop.origin, { name: 'Bench Admin', email, password });
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/scripts/make-admin.ts', email], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  if (made.status !== 0) throw new Error('make-admin failed');
  return signInOverHttp(shop.origin, email, password);
}

interface Call {
  name: string;
  url: string;
}

/** Every admin list the web app calls, as it calls it (apps/web/src/features/*\/api), first, filtered and deep pages. */
function calls(): Call[] {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  const orders = '/api/admin/orders?pageSize=20';
  const returns = '/api/admin/returns?pageSize=20';
  const audit = '/api/admin/audit?limit=25';
  return [
    { name: 'orders: first page', url: `${orders}&page=1` },
    { name: 'orders: status paid', url: `${orders}&status=paid&page=1` },
    { name: 'orders: status unpaid', url: `${orders}&status=unpaid&page=1` },
    { name: 'orders: e-mail part "customer1234"', url: `${orders}&email=customer1234&page=1` },
    { name: 'orders: e-mail whole', url: `${orders}&email=customer4242%40fleet.example&page=1` },
    { name: 'orders: e-mail no match', url: `${orders}&email=nobody%40nowhere.test&page=1` },
    { name: 'orders: order number', url: `${orders}&email=100500&page=1` },
    { name: 'orders: status + e-mail', url: `${orders}&status=delivered&email=garage.test&page=1` },
    { name: 'orders: page 1,000', url: `${orders}&page=1000` },
    { name: 'orders: page 10,000 (the deepest the API allows)', url: `${orders}&page=10000` },
    { name: 'parts: first page', url: '/api/admin/parts?page=1&pageSize=20' },
    { name: 'parts: search "brake pads"', url: '/api/admin/parts?q=brake+pads&page=1&pageSize=20' },
    { name: 'parts: search number "BEN-0421"', url: '/api/admin/parts?q=BEN-0421&page=1&pageSize=20' },
    { name: 'parts: search no match', url: '/api/admin/parts?q=zzqx&page=1&pageSize=20' },
    { name: 'parts: page 1,000', url: '/api/admin/parts?page=1000&pageSize=20' },
    { name: 'parts: last page', url: `/api/admin/parts?page=${Math.max(1, Math.ceil(sizes.parts / 20))}&pageSize=20` },
    { name: 'users: first page', url: '/api/users?page=1' },
    { name: 'users: search "customer1234"', url: '/api/users?q=customer1234&page=1' },
    { name: 'users: search "okafor"', url: '/api/users?q=okafor&page=1' },
    { name: 'users: search no match', url: '/api/users?q=nobody%40nowhere.test&page=1' },
    { name: 'users: page 1,000', url: '/api/users?page=1000' },
    { name: 'users: last page', url: `/api/users?page=${Math.min(10_000, Math.max(1, Math.ceil(sizes.users / 50)))}` },
    { name: 'audit: first page', url: `${audit}&page=1` },
    { name: 'audit: actor', url: `${audit}&actor=admin3%40example.com&page=1` },
    { name: 'audit: action order.cancel', url: `${audit}&action=order.cancel&page=1` },
    { name: 'audit: action user.remove-admin (none)', url: `${audit}&action=user.remove-admin&page=1` },
    { name: 'audit: a week', url: `${audit}&from=${encodeURIComponent(day(-14))}&to=${encodeURIComponent(day(-7))}&page=1` },
    { name: 'audit: search e-mail "customer1234"', url: `${audit}&q=customer1234&page=1` },
    { name: 'audit: search order number', url: `${audit}&q=100500&page=1` },
    { name: 'audit: search part number', url: `${audit}&q=BEN-000421&page=1` },
    { name: 'audit: page 1,000', url: `${audit}&page=1000` },
    { name: 'audit: actors', url: '/api/admin/audit/actors' },
    { name: 'reviews: first page', url: '/api/admin/reviews?page=1' },
    { name: 'reviews: page 1,000', url: '/api/admin/reviews?page=1000' },
    { name: 'returns: first page', url: `${returns}&page=1` },
    { name: 'returns: status requested', url: `${returns}&status=requested&page=1` },
    { name: 'returns: page 1,000', url: `${returns}&page=1000` },
    { name: 'certificates: first page', url: '/api/admin/certificates?page=1' },
    { name: 'certificates: unverified', url: '/api/admin/certificates?page=1&status=unverified' },
    { name: 'companies: first page', url: '/api/admin/companies?page=1' },
    { name: 'fitment reports', url: '/api/admin/fitment-reports' },
    { name: 'overview', url: '/api/admin/overview' },
    { name: 'operations', url: '/api/admin/operations' },
  ];
}

/** One call RUNS times after WARMUP, one at a time, as the admin: its times and what it answered. */
async function measure(shop: Shop, cookie: string, call: Call) {
  const times: number[] = [];
  let status = 0;
  let summary = '';
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const started = performance.now();
    const reply = await fetch(`${shop.origin}${call.url}`, { headers: { cookie, 'x-forwarded-for': `10.9.${run % 250}.${1 + (run % 200)}` } });
    const body = (await reply.json()) as unknown;
    const elapsed = performance.now() - started;
    if (run >= WARMUP) times.push(elapsed);
    status = reply.status;
    summary = describe(body);
    // A call that fails (the shop's statement timeout is 30 s) is reported once, not 20 times.
    if (!reply.ok) {
      if (times.length === 0) times.push(elapsed);
      break;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, status, summary };
}

/** What a list answered, in a few words: its rows (and total when it says one). */
function describe(body: unknown): string {
  if (Array.isArray(body)) return `${body.length} rows`;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const list = Object.entries(record).find(([, value]) => Array.isArray(value));
    const total = typeof record.total === 'number' ? `, total ${record.total.toLocaleString('en-US')}` : '';
    if (list) return `${(list[1] as unknown[]).length} ${list[0]}${total}`;
    return Object.keys(record).slice(0, 4).join(', ');
  }
  return String(body);
}

async function main() {
  const cluster = values.database ? undefined : await startPostgresCluster();
  const databaseUrl = cluster ? await createDatabase(cluster) : (values.database ?? '');
  const env = { NODE_ENV: 'production', AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: '1', DATABASE_URL: databaseUrl };
  const shop = await startShop({ env, label: 'admin', stdout: 'ignore' });
  try {
    const cookie = await adminCookie(shop, env);
    console.log(`npm run bench:admin — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}`);
    if (cluster) {
      console.log(`sizes: ${Object.entries(sizes).map(([name, count]) => `${name} ${count.toLocaleString('en-US')}`).join(', ')}`);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await loadRows(client);
      } finally {
        await client.end();
      }
    } else console.log(`the database a held bench loaded: ${databaseUrl}`);
    const only = values.only?.split(',').map((name) => name.trim()).filter(Boolean);
    const chosen = calls().filter((call) => !only || only.some((name) => call.name.startsWith(name)));
    console.log(`\n${RUNS} runs of each call after ${WARMUP} warm-up runs, one at a time, over HTTP as an admin; times in ms; load = uptime's 1/5/15 min.\n`);
    console.log('| call | n | p50 ms | p95 ms | answer | load |');
    console.log('| --- | ---: | ---: | ---: | --- | --- |');
    for (const call of chosen) {
      const { p50, p95, n, status, summary } = await measure(shop, cookie, call);
      console.log(`| ${call.name} | ${n} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${status === 200 ? summary : `HTTP ${status}: ${summary}`} | ${load()} |`);
    }
    if (values.hold) {
      console.log(`\nholding: the shop at ${shop.origin} (cookie: ${cookie}), its database ${databaseUrl}; kill -USR2 ${process.pid} to stop it`);
      await new Promise((resolve) => process.once('SIGUSR2', resolve));
    }
  } finally {
    const errors = shop.output.filter((line) => /error/i.test(line));
    if (errors.length > 0) console.error(`\nthe shop's errors:\n${errors.join('\n').slice(-3000)}`);
    await stopShop(shop);
    await cluster?.stop();
  }
}

await main();
