/**
 * npm run bench:trade — a big trade account and a loyal customer at size (decision 230).
 * A throwaway PostgreSQL cluster (scripts/postgres-cluster.ts) and the shop's real app
 * (`buildApp`, listening on a port of its own: every call below is HTTP, with the member's,
 * the admin's or the customer's session cookie), loaded with generate_series:
 *   - one distributor with 50 members and 10 locations, 100,000 orders on account (1–3 lines
 *     each) and their invoices, 40,000 credit notes and 40,000 payments, 3,000 invoices in the
 *     month of its statement (the month before this one), the newest 4,000 invoices open;
 *   - 5,000 companies in all: the others have an owner and three invoices (one in the month);
 *   - a contract price list of 20,000 entries on 20,000 parts, the distributor's;
 *   - a retail customer with 2,000 orders (a quarter cancelled or expired).
 * It prints p50/p95 of each call (RUNS after WARMUP) and, for the statements and the statements
 * job, the time and the peak memory of this process (the shop's) above what it held before.
 * Smaller sizes for a quick look:
 *   npm run bench:trade -- --orders=10000 --credit-notes=4000 --payments=4000 --month-invoices=300 --open-invoices=400 --companies=500 --parts=2000 --contract=2000 --retail-orders=200
 * `--port` (default 3400) is where the shop listens. Figures go into docs/benchmarks.md by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { openDatabase, type Db } from '../apps/api/src/db/database';
import { parseEnv } from '../apps/api/src/env';
import { mailStatements, previousMonth } from '../apps/api/src/modules/ledger/statements-job';
import { openItems, openItemsOf } from '../apps/api/src/modules/ledger/entries';
import { findPostgresBinDir, startPostgresCluster } from './postgres-cluster';
import { signInOverHttp, signUpOverHttp } from './shop-process';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    'credit-notes': { type: 'string', default: '40000' },
    payments: { type: 'string', default: '40000' },
    'month-invoices': { type: 'string', default: '3000' },
    'open-invoices': { type: 'string', default: '4000' },
    members: { type: 'string', default: '50' },
    locations: { type: 'string', default: '10' },
    companies: { type: 'string', default: '5000' },
    parts: { type: 'string', default: '20000' },
    contract: { type: 'string', default: '20000' },
    'retail-orders': { type: 'string', default: '2000' },
    runs: { type: 'string', default: '20' },
    port: { type: 'string', default: '3400' },
    /** Where to copy the plans (auto_explain: ANALYZE, BUFFERS) of every statement of the calls and job slower than --explain-ms. */
    explain: { type: 'string' },
    'explain-ms': { type: 'string', default: '20' },
    /** Rounds of decision 230's before/after comparison, alternated in the one loaded database (0: none). */
    compare: { type: 'string', default: '3' },
  },
});
const size = Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'explain').map(([key, value]) => [key, Number(value)])) as Record<Exclude<keyof typeof values, 'explain'>, number>;
const WARMUP = 3;
/** Runs of each read per round of the before/after comparison (`--compare` rounds). */
const COMPARE_RUNS = 7;
/** What the parts are, in turn: a search for one of them finds one part in 12. */
const KINDS = ['Brake Pads', 'Brake Rotor', 'Alternator', 'Starter Motor', 'Oil Filter', 'Air Filter', 'Shock Absorber', 'Water Pump', 'Radiator', 'Thermostat', 'Spark Plug', 'Wheel Bearing'];
const PASSWORD = 'bench-trade-password-1';

const load = () => `load ${os.loadavg().map((average) => average.toFixed(2)).join(' ')}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

if (!findPostgresBinDir()) throw new Error('PostgreSQL is not installed (no initdb/pg_ctl found)');
const cluster = await startPostgresCluster({ preload: values.explain ? ['auto_explain'] : [] });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-trade-'));
const month = previousMonth(new Date());
try {
  const database = await openDatabase({ databaseUrl: cluster.url });
  const config = parseEnv({
    NODE_ENV: 'production',
    PAYMENTS: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    AUTH_SECRET: 'bench-trade-secret-bench-trade-secret',
    BASE_URL: `http://127.0.0.1:${size.port}`,
  });
  // The documents' rate limit (statements) would stop the runs of one member: lifted, as in tests.
  config.limitScale = 1000;
  config.passwordHashN = 2 ** 10;
  const app = await buildApp({ config, database });
  await app.listen({ port: size.port, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${size.port}`;
  try {
    const people = await signUpPeople(origin);
    const { jobDb } = database;
    const started = performance.now();
    const loaded = await jobDb.transaction().execute((trx) => generate(trx, people));
    await sql`vacuum analyze`.execute(jobDb);
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${await counts(jobDb)} [${load()}]`);
    await sql`update users set role = 'admin' where id = ${people.admin.id}`.execute(jobDb);
    const cookies = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([who, person]) => [who, await signIn(origin, person.email)] as const))) as Cookies;
    const logFile = values.explain ? await explainFrom(jobDb, size['explain-ms']) : undefined;
    const rows = await measureCalls(origin, cookies, people, loaded);
    const compared = size.compare > 0 ? await compare(jobDb, loaded.companyId) : [];
    const jobs = await measureJobs(app, jobDb);
    console.log(`\n${size.runs} runs of each call after ${WARMUP} warm-up runs; ms. Statement month ${month}. [${load()}]\n`);
    console.log('| call | as | runs | p50 ms | p95 ms | reply |');
    console.log('| --- | --- | ---: | ---: | ---: | --- |');
    for (const row of rows) console.log(row);
    console.log('\n| job | companies | messages | s | peak RSS above start MB | peak heap above start MB |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of jobs) console.log(row);
    if (compared.length) {
      console.log(`\nBefore and after decision 230, alternated: ${size.compare} rounds of ${COMPARE_RUNS} runs each (after one), medians of the rounds' p50 (ms); the plan's buffers (8 kB pages) and rows sent.\n`);
      console.log('| read | before p50 | after p50 | before buffers | after buffers | before rows sent | after rows sent |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const row of compared) console.log(row);
    }
    if (logFile && values.explain) {
      fs.copyFileSync(logFile, values.explain);
      console.log(`\nThe plans of the statements slower than ${size['explain-ms']} ms: ${values.explain}`);
    }
  } finally {
    await app.close();
  }
} finally {
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** auto_explain from here on, for every session: its plans go to the cluster's log, whose path is answered. */
async function explainFrom(db: Db, ms: number): Promise<string> {
  for (const [name, value] of [['auto_explain.log_min_duration', `${ms}ms`], ['auto_explain.log_analyze', 'on'], ['auto_explain.log_buffers', 'on'], ['auto_explain.log_nested_statements', 'on']] as const) {
    await sql.raw(`alter system set ${name} = '${value}'`).execute(db);
  }
  await sql`select pg_reload_conf()`.execute(db);
  const dataDir = (await sql<{ setting: string }>`select setting from pg_settings where name = 'data_directory'`.execute(db)).rows[0]?.setting ?? '';
  const logFile = path.join(path.dirname(dataDir), 'postgres.log');
  fs.truncateSync(logFile);
  return logFile;
}

interface Person {
  id: string;
  email: string;
}
type People = Record<'owner' | 'buyer' | 'admin' | 'customer', Person>;

async function signUpPeople(origin: string): Promise<People> {
  const people = {} as People;
  for (const who of ['owner', 'buyer', 'admin', 'customer'] as const) {
    const email = `bench-trade-${who}@example.com`;
    people[who] = { id: await signUpOverHttp(origin, { name: `Bench ${who}`, email, password: PASSWORD }), email };
  }
  return people;
}

function signIn(origin: string, email: string): Promise<string> {
  return signInOverHttp(origin, email, PASSWORD);
}

async function counts(db: Db): Promise<string> {
  const row = (
    await sql<Record<string, string>>`
      select (select count(*) from companies) as companies, (select count(*) from orders) as orders, (select count(*) from order_lines) as lines,
             (select count(*) from company_ledger) as ledger, (select count(*) from credit_notes) as credit_notes,
             (select count(*) from company_payments) as payments, (select count(*) from price_list_entries) as contract
    `.execute(db)
  ).rows[0];
  return Object.entries(row ?? {}).map(([key, value]) => `${value} ${key}`).join(', ');
}

/** The made-up shop, in one transaction of SQL (nothing held here); answers what the calls ask for. */
async function generate(db: Db, people: People) {
  const { orders, parts } = size;
  const monthStart = new Date(`${month}-01T00:00:00Z`);
  const historyStart = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() - 47, 1));
  const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1));
  const before = orders - size['month-invoices'];

  await sql`
    insert into parts (name, description, img, price_cents, available_quantity, category_slug, part_number, oem_numbers, specs)
    select (${KINDS}::text[])[1 + n % ${KINDS.length}] || ', Heavy Duty ' || n, 'Bench part ' || n, '/images/parts/brake-pads.svg', 500 + (n::bigint * 7919) % 50000, 100,
           (select slug from categories order by position offset n % 10 limit 1), 'TRD-' || lpad(n::text, 6, '0'), '{}', '[]'::jsonb
    from generate_series(1, ${parts}) n
  `.execute(db);
  await sql`create temporary table bench_parts on commit drop as select row_number() over (order by seq) as n, id, name, part_number, img, price_cents from parts where part_number like 'TRD-%'`.execute(db);
  await sql`create index on bench_parts (n)`.execute(db);
  // Each group's lines are made here first, its orders from them, then the lines (theirs by a foreign key).
  await sql`create temporary table bench_lines (like order_lines including defaults) on commit drop`.execute(db);
  const moveLines = async () => {
    await sql`insert into order_lines select * from bench_lines`.execute(db);
    await sql`truncate bench_lines`.execute(db);
  };

  // The distributor, its members (the owner and the buyer signed up; the rest made here) and locations.
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Distribution Inc.', tax_id: 'US-12-3456789', payment_terms: 'net30' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('company_members').values([
    { company_id: company.id, user_id: people.owner.id, role: 'owner' },
    { company_id: company.id, user_id: people.buyer.id, role: 'buyer' },
  ]).execute();
  await sql`
    insert into users (id, name, email, email_verified) select 'bench-member-' || n, 'Member ' || n, 'member-' || n || '@bench-distribution.example', true
    from generate_series(3, ${size.members}) n
  `.execute(db);
  await sql`
    insert into company_members (company_id, user_id, role)
    select ${company.id}, 'bench-member-' || n, (array['buyer', 'buyer', 'accounts', 'viewer'])[1 + n % 4] from generate_series(3, ${size.members}) n
  `.execute(db);
  await sql`
    insert into company_locations (company_id, name, line1, city, postal_code, country)
    select ${company.id}, 'Branch ' || n, n || ' Depot Road', 'Springfield', '1000' || n, 'US' from generate_series(1, ${size.locations}) n
  `.execute(db);
  await sql`create temporary table bench_members on commit drop as select row_number() over (order by user_id) - 1 as n, m.user_id, u.email, u.name from company_members m join users u on u.id = m.user_id where m.company_id = ${company.id}`.execute(db);
  await sql`create temporary table bench_locations on commit drop as select row_number() over (order by seq) - 1 as n, id from company_locations where company_id = ${company.id}`.execute(db);

  // Its orders: `before` spread over 47 months, then `month-invoices` in the statement's month.
  await sql`
    create temporary table bench_orders on commit drop as
    select n, gen_random_uuid() as id,
      case when n <= ${before}
        then ${historyStart}::timestamptz + ((n - 1)::float8 / greatest(${before}, 1)) * (${monthStart}::timestamptz - ${historyStart}::timestamptz)
        else ${monthStart}::timestamptz + ((n - ${before} - 0.5)::float8 / ${size['month-invoices']}) * (${monthEnd}::timestamptz - ${monthStart}::timestamptz)
      end as at
    from generate_series(1, ${orders}) n
  `.execute(db);
  await sql`
    insert into bench_lines (order_id, position, part_id, part_number, name, img, quantity, unit_price_cents, line_total_cents)
    select o.id, k, p.id, p.part_number, p.name, p.img, 1 + (o.n + k) % 5, p.price_cents, p.price_cents * (1 + (o.n + k) % 5)
    from bench_orders o cross join lateral generate_series(1, 1 + o.n % 3) k
    join bench_parts p on p.n = 1 + (o.n * 7 + k * 104729) % ${parts}
  `.execute(db);
  await sql`
    insert into orders (id, user_id, email, customer_name, part_id, part_name, part_img, unit_price_cents, quantity, total_cents, subtotal_cents,
                        address, status, created_at, paid_at, shipped_at, delivered_at, po_number, invoice_number, invoiced_at, company_id,
                        company_location_id, payment_method, due_on)
    select o.id, m.user_id, m.email, m.name, l.part_id, l.name, l.img, l.unit_price_cents, l.quantity, t.total, t.total,
           '1 Depot Road, Springfield', 'delivered', o.at, o.at, o.at, o.at, 'PO-' || lpad(o.n::text, 7, '0'), o.n, o.at, ${company.id},
           b.id, 'account', to_char(o.at + interval '30 days', 'YYYY-MM-DD')
    from bench_orders o
    join bench_lines l on l.order_id = o.id and l.position = 1
    join (select order_id, sum(line_total_cents)::int as total from bench_lines group by order_id) t on t.order_id = o.id
    join bench_members m on m.n = o.n % ${size.members}
    join bench_locations b on b.n = o.n % ${size.locations}
  `.execute(db);
  await moveLines();
  await sql`
    insert into company_ledger (company_id, at, kind, number, amount_cents, order_id, invoice_number, recorded_by)
    select ${company.id}, o.at, 'invoice', 'INV-' || lpad(o.n::text, 6, '0'), r.total_cents, o.id, o.n, r.user_id
    from bench_orders o join orders r on r.id = o.id
  `.execute(db);

  // Credit notes: a quarter of the invoice of `credit-notes` orders spread over all, three days on.
  const creditStep = orders / Math.max(size['credit-notes'], 1);
  await sql`
    insert into credit_notes (number, order_id, amount_cents, issued_at)
    select k, o.id, greatest(r.total_cents / 4, 1), least(o.at + interval '3 days', now() - interval '1 minute')
    from generate_series(1, ${size['credit-notes']}) k
    join bench_orders o on o.n = 1 + floor((k - 1) * ${creditStep}::float8)::int
    join orders r on r.id = o.id
  `.execute(db);
  await sql`
    insert into company_ledger (company_id, at, kind, number, amount_cents, order_id, credit_note_number)
    select ${company.id}, c.issued_at, 'credit-note', 'CN-' || lpad(c.number::text, 6, '0'), -c.amount_cents, c.order_id, c.number
    from credit_notes c
  `.execute(db);

  // Payments: all but the newest `open-invoices` invoices paid (what each still owed), in `payments` payments.
  const paid = Math.max(orders - size['open-invoices'], 0);
  await sql`
    create temporary table bench_settles on commit drop as
    select 1 + ((o.n - 1)::bigint * ${size.payments} / ${Math.max(paid, 1)}) as k, o.id as order_id, o.at,
           r.total_cents - coalesce(c.amount_cents, 0) as cents
    from bench_orders o join orders r on r.id = o.id left join credit_notes c on c.order_id = o.id
    where o.n <= ${paid}
  `.execute(db);
  await sql`
    create temporary table bench_payments on commit drop as
    select k, gen_random_uuid() as id, sum(cents)::int as cents, least(max(at) + interval '20 days', now() - interval '1 minute') as at
    from bench_settles group by k
  `.execute(db);
  await sql`
    insert into company_payments (id, company_id, amount_cents, received_on, reference, recorded_by)
    select id, ${company.id}, cents, to_char(at, 'YYYY-MM-DD'), 'WIRE-' || lpad(k::text, 7, '0'), ${people.admin.id} from bench_payments
  `.execute(db);
  await sql`insert into company_payment_invoices (payment_id, order_id, amount_cents) select p.id, s.order_id, s.cents from bench_settles s join bench_payments p using (k)`.execute(db);
  await sql`
    insert into company_ledger (company_id, at, kind, number, amount_cents, payment_id, recorded_by)
    select ${company.id}, at, 'payment', 'WIRE-' || lpad(k::text, 7, '0'), -cents, id, ${people.admin.id} from bench_payments
  `.execute(db);

  // The other companies: an owner each and three invoices, the last in the month (no payments).
  const others = size.companies - 1;
  await sql`
    insert into companies (name, payment_terms) select 'Small Garage ' || lpad(n::text, 5, '0'), 'net30' from generate_series(1, ${others}) n
  `.execute(db);
  await sql`insert into users (id, name, email, email_verified) select 'bench-small-' || n, 'Owner ' || n, 'owner-' || n || '@small-garage.example', true from generate_series(1, ${others}) n`.execute(db);
  await sql`
    create temporary table bench_small on commit drop as
    select row_number() over (order by seq) as n, id from companies where name like 'Small Garage %'
  `.execute(db);
  await sql`insert into company_members (company_id, user_id, role) select id, 'bench-small-' || n, 'owner' from bench_small`.execute(db);
  await sql`
    create temporary table bench_small_orders on commit drop as
    select s.n as company_n, s.id as company_id, k, gen_random_uuid() as id, ${orders} + (s.n - 1) * 3 + k as invoice_number,
           ${monthStart}::timestamptz - make_interval(days => 60 - k * 25) + make_interval(hours => (s.n % 20)::int) as at
    from bench_small s cross join generate_series(1, 3) k
  `.execute(db);
  await sql`
    insert into bench_lines (order_id, position, part_id, part_number, name, img, quantity, unit_price_cents, line_total_cents)
    select o.id, 1, p.id, p.part_number, p.name, p.img, 2, p.price_cents, p.price_cents * 2
    from bench_small_orders o join bench_parts p on p.n = 1 + (o.invoice_number * 13) % ${parts}
  `.execute(db);
  await sql`
    insert into orders (id, user_id, email, customer_name, part_id, part_name, part_img, unit_price_cents, quantity, total_cents, subtotal_cents,
                        address, status, created_at, paid_at, invoice_number, invoiced_at, company_id, payment_method, due_on)
    select o.id, 'bench-small-' || o.company_n, 'owner-' || o.company_n || '@small-garage.example', 'Owner ' || o.company_n, l.part_id, l.name, l.img,
           l.unit_price_cents, 2, l.line_total_cents, l.line_total_cents, '2 Main Street', 'delivered', o.at, o.at, o.invoice_number, o.at, o.company_id,
           'account', to_char(o.at + interval '30 days', 'YYYY-MM-DD')
    from bench_small_orders o join bench_lines l on l.order_id = o.id
  `.execute(db);
  await moveLines();
  await sql`
    insert into company_ledger (company_id, at, kind, number, amount_cents, order_id, invoice_number)
    select o.company_id, o.at, 'invoice', 'INV-' || lpad(o.invoice_number::text, 6, '0'), r.total_cents, o.id, o.invoice_number
    from bench_small_orders o join orders r on r.id = o.id
  `.execute(db);

  // The distributor's contract: one price list of `contract` entries (unit prices and percentages).
  const list = await db.insertInto('price_lists').values({ name: 'Bench distributor contract', priority: 1 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('company_price_lists').values({ company_id: company.id, price_list_id: list.id }).execute();
  await sql`
    insert into price_list_entries (price_list_id, part_id, unit_price_cents, percent_off_bp)
    select ${list.id}, id, case when n % 2 = 0 then price_cents - 10 end, case when n % 2 = 1 then 1500 end
    from bench_parts where n <= ${size.contract}
  `.execute(db);

  // The retail customer: card orders, a quarter of them cancelled or expired (their history).
  await sql`
    create temporary table bench_retail on commit drop as
    select n, gen_random_uuid() as id, now() - make_interval(days => (${size['retail-orders']} - n)::int % 1500, hours => n % 24) as at
    from generate_series(1, ${size['retail-orders']}) n
  `.execute(db);
  await sql`
    insert into bench_lines (order_id, position, part_id, part_number, name, img, quantity, unit_price_cents, line_total_cents)
    select o.id, k, p.id, p.part_number, p.name, p.img, 1, p.price_cents, p.price_cents
    from bench_retail o cross join lateral generate_series(1, 1 + o.n % 2) k join bench_parts p on p.n = 1 + (o.n * 31 + k) % ${parts}
  `.execute(db);
  await sql`
    insert into orders (id, user_id, email, customer_name, part_id, part_name, part_img, unit_price_cents, quantity, total_cents, subtotal_cents,
                        address, status, created_at, paid_at, cancelled_at, expires_at, expired_at, payment_provider, transaction_id)
    select o.id, ${people.customer.id}, ${people.customer.email}, 'Bench customer', l.part_id, l.name, l.img, l.unit_price_cents, 1, t.total, t.total,
           '3 Elm Street', s.status, o.at, case when s.status <> 'expired' then o.at end, case when s.status = 'cancelled' then o.at + interval '1 hour' end,
           o.at + interval '1 hour', case when s.status = 'expired' then o.at + interval '1 hour' end, 'test', 'bench-' || o.n
    from bench_retail o
    join bench_lines l on l.order_id = o.id and l.position = 1
    join (select order_id, sum(line_total_cents)::int as total from bench_lines group by order_id) t on t.order_id = o.id
    cross join lateral (select case when o.n % 8 = 1 then 'cancelled' when o.n % 8 = 5 then 'expired' else 'delivered' end as status) s
  `.execute(db);
  await moveLines();

  const sample = (
    await sql<{ part_id: string; po: string }>`
      select (select id from bench_parts where n = 2) as part_id, (select 'PO-' || lpad((${orders} - 10)::text, 7, '0')) as po
    `.execute(db)
  ).rows[0];
  return { companyId: company.id, partId: sample?.part_id ?? '', po: sample?.po ?? '' };
}

type Cookies = Record<keyof People, string>;

/** One call, `size.runs` times after WARMUP: its times (ms) and what its last reply was. */
async function time(origin: string, cookie: string, call: { path: string; method?: string; body?: () => unknown }) {
  const times: number[] = [];
  let last = '';
  for (let run = 0; run < WARMUP + size.runs; run++) {
    const started = performance.now();
    const reply = await fetch(`${origin}${call.path}`, {
      method: call.method ?? 'GET',
      headers: { cookie, origin, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      ...(call.body ? { body: JSON.stringify(call.body()) } : {}),
    });
    const bytes = await reply.arrayBuffer();
    if (run >= WARMUP) times.push(performance.now() - started);
    if (!reply.ok) throw new Error(`${call.path} answered ${reply.status}: ${Buffer.from(bytes).toString()}`);
    const type = reply.headers.get('content-type') ?? '';
    last = type.includes('json') ? describe(JSON.parse(Buffer.from(bytes).toString()) as unknown) : `${type.split(';')[0]} ${(bytes.byteLength / 1024).toFixed(0)} KB`;
  }
  return { times: times.sort((a, b) => a - b), last };
}

function describe(body: unknown): string {
  if (Array.isArray(body)) return `${body.length} rows`;
  if (body && typeof body === 'object') {
    const fields = Object.entries(body).flatMap(([key, value]) => (Array.isArray(value) ? [`${key} ${value.length}`] : []));
    return fields.length ? fields.join(', ') : 'object';
  }
  return typeof body;
}

/** Samples this process's memory every 5 ms while `work` runs: the peaks above what it held before. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; rssMb: string; heapMb: string }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, rssMb: mb(rss - start.rss), heapMb: mb(heap - start.heapUsed) };
  } finally {
    clearInterval(timer);
  }
}

async function measureCalls(origin: string, cookies: Cookies, people: People, sample: { companyId: string; partId: string; po: string }) {
  const deep = Math.max(1, Math.floor(size.orders / 20));
  const calls: Array<{ name: string; as: keyof People; path: string; method?: string; body?: () => unknown; memory?: boolean }> = [
    { name: 'GET /api/company', as: 'owner', path: '/api/company' },
    { name: 'GET /api/company/orders (first page)', as: 'buyer', path: '/api/company/orders?page=1' },
    { name: 'GET /api/company/orders?poNumber=', as: 'buyer', path: `/api/company/orders?poNumber=${sample.po}` },
    { name: `GET /api/company/orders (page ${deep}, the last)`, as: 'buyer', path: `/api/company/orders?page=${deep}` },
    { name: 'GET /api/company/ledger (newest 500)', as: 'owner', path: '/api/company/ledger' },
    { name: 'GET /api/company/ledger (50, deep)', as: 'owner', path: `/api/company/ledger?limit=50&offset=${Math.floor(size.orders * 1.5)}` },
    { name: 'GET /api/company/invoices', as: 'owner', path: '/api/company/invoices' },
    { name: `GET /api/company/statements/${month}.pdf`, as: 'owner', path: `/api/company/statements/${month}.pdf`, memory: true },
    { name: `GET /api/company/statements/${month}.csv`, as: 'owner', path: `/api/company/statements/${month}.csv`, memory: true },
    { name: 'GET /api/admin/companies/:id/account', as: 'admin', path: `/api/admin/companies/${sample.companyId}/account` },
    { name: `GET /api/admin/companies/:id/statements/${month}.pdf`, as: 'admin', path: `/api/admin/companies/${sample.companyId}/statements/${month}.pdf` },
    { name: 'GET /api/search?q=brake pads (member)', as: 'buyer', path: '/api/search?q=brake%20pads' },
    { name: 'GET /api/search?sort=price-asc (member)', as: 'buyer', path: '/api/search?sort=price-asc' },
    { name: 'GET /api/part/:id (member, contract price)', as: 'buyer', path: `/api/part/${sample.partId}` },
    { name: 'GET /api/myorder/:email (customer)', as: 'customer', path: `/api/myorder/${encodeURIComponent(people.customer.email)}?page=1` },
    { name: 'GET /api/myorder/:email (customer, a middle page)', as: 'customer', path: `/api/myorder/${encodeURIComponent(people.customer.email)}?page=${Math.max(1, Math.floor(size['retail-orders'] / 40))}` },
    { name: 'GET /api/orders/history (customer)', as: 'customer', path: '/api/orders/history?page=1' },
  ];
  let reference = 0;
  calls.push({
    name: 'POST /api/admin/companies/:id/payments ($1)',
    as: 'admin',
    path: `/api/admin/companies/${sample.companyId}/payments`,
    method: 'POST',
    body: () => ({ amount: 1, receivedAt: new Date().toISOString().slice(0, 10), reference: `BENCH-${++reference}`, invoiceNumbers: [] }),
  });
  const rows: string[] = [];
  for (const call of calls) {
    const measured = await peakMemory(() => time(origin, cookies[call.as], call));
    const { times, last } = measured.result;
    const memory = call.memory ? `; peak RSS +${measured.rssMb} MB, heap +${measured.heapMb} MB over the ${WARMUP + size.runs} runs` : '';
    const row = `| ${call.name} | ${call.as} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${last}${memory} |`;
    console.log(`${row} [${load()}]`);
    rows.push(row);
  }
  return rows;
}

async function measureJobs(app: Awaited<ReturnType<typeof buildApp>>, db: Db) {
  const companies = Number((await sql<{ n: string }>`select count(*) as n from companies`.execute(db)).rows[0]?.n);
  const measured = await peakMemory(() => mailStatements(app, month));
  const row = `| company-statements (mailStatements, ${month}) | ${companies} | ${measured.result} | ${(measured.ms / 1000).toFixed(1)} | ${measured.rssMb} | ${measured.heapMb} |`;
  console.log(`${row} [${load()}]`);
  return [row, '| invoices due / overdue reminders | — | — | no such job (apps/api/src/jobs, modules/ledger) | — | — |'];
}

/** A read's time (ms) and, from EXPLAIN (ANALYZE, BUFFERS), the pages it touched and the rows it sent, for one or more statements. */
interface Read {
  run: () => Promise<unknown>;
  explain: Array<ReturnType<typeof sql>>;
}

async function buffersAndRows(db: Db, statements: Array<ReturnType<typeof sql>>): Promise<{ buffers: number; rows: number }> {
  let buffers = 0;
  let rows = 0;
  for (const statement of statements) {
    const plan = (await sql<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>`explain (analyze, buffers, format json) ${statement}`.execute(db)).rows[0]?.['QUERY PLAN'][0]?.Plan;
    buffers += (plan?.['Shared Hit Blocks'] ?? 0) + (plan?.['Shared Read Blocks'] ?? 0);
    rows += plan?.['Actual Rows'] ?? 0;
  }
  return { buffers, rows };
}

async function p50(read: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 1 + COMPARE_RUNS; run++) {
    const started = performance.now();
    await read();
    if (run >= 1) times.push(performance.now() - started);
  }
  return percentile(times.sort((a, b) => a - b), 50);
}


/**
 * Decision 230's changes, each before and after in turn in the same database, `compare` rounds:
 * the code's (the old query beside the new) and the indexes' (the old index, then the new, built
 * in turn: each build timed, as it holds off the table's writes).
 */
async function compare(db: Db, companyId: string): Promise<string[]> {
  const now = new Date();
  const oldEntries = sql`select l.kind, l.amount_cents, l.order_id, l.invoice_number, l.payment_id, o.due_on from company_ledger l left join orders o on o.id = l.order_id where l.company_id = ${companyId} and l.at < ${now} order by l.at, l.seq`;
  const oldApplied = sql`select a.payment_id, a.order_id, a.amount_cents from company_payment_invoices a join company_ledger l on l.payment_id = a.payment_id and l.kind = 'payment' where l.company_id = ${companyId} and l.at < ${now}`;
  const oldLedger = sql`select * from (select at, kind, number, amount_cents, seq, sum(amount_cents) over (order by at, seq) as balance_cents, row_number() over (order by at, seq) as position from company_ledger where company_id = ${companyId}) entries order by at desc, seq desc limit 500 offset 0`;
  const newLedger = sql`
    with totals as (select count(*) as entries, coalesce(sum(amount_cents), 0) as balance_cents from company_ledger where company_id = ${companyId}),
    newest as (
      select at, kind, number, amount_cents, seq, row_number() over newest_first as back,
        coalesce(sum(amount_cents) over (newest_first rows between unbounded preceding and 1 preceding), 0) as newer_cents
      from company_ledger where company_id = ${companyId} window newest_first as (order by at desc, seq desc) order by at desc, seq desc limit 500
    )
    select n.at, n.kind, n.number, n.amount_cents, t.balance_cents - n.newer_cents as balance_cents, t.entries - n.back + 1 as position
    from newest n cross join totals t where n.back > 0 order by n.at desc, n.seq desc`;
  const deep = Math.max(0, size.orders - 20);
  const oldOrders = sql`select orders.*, company_locations.name as location_name from orders left join company_locations on company_locations.id = orders.company_location_id where orders.company_id = ${companyId} order by orders.seq desc limit 20 offset ${deep}`;
  const newOrders = sql`select orders.*, company_locations.name as location_name from orders left join company_locations on company_locations.id = orders.company_location_id where orders.company_id = ${companyId} and orders.seq in (select seq from orders where company_id = ${companyId} order by seq desc limit 20 offset ${deep}) order by orders.seq desc`;
  const po = `PO-${String(size.orders - 10).padStart(7, '0')}`;
  const poOrders = sql`select seq from orders where company_id = ${companyId} and po_number = ${po} and status not in ('cancelled', 'expired') order by seq desc limit 20`;
  // The newest 500 from the new query, on each index.
  const code: Array<[string, Read, Read]> = [
    [
      'openItems (GET /api/company/invoices, the admins\' account, a statement\'s ageing, a payment, an order on account)',
      { run: async () => openItemsOf((await oldEntries.execute(db)).rows as never, (await oldApplied.execute(db)).rows as never), explain: [oldEntries, oldApplied] },
      { run: () => openItems(db, companyId, now), explain: [] },
    ],
    ['the ledger\'s newest 500 (GET /api/company/ledger)', { run: () => oldLedger.execute(db), explain: [oldLedger] }, { run: () => newLedger.execute(db), explain: [newLedger] }],
    [`the company's orders, page ${Math.floor(size.orders / 20)} (GET /api/company/orders)`, { run: () => oldOrders.execute(db), explain: [oldOrders] }, { run: () => newOrders.execute(db), explain: [newOrders] }],
  ];
  const rows: string[] = [];
  for (const [label, before, after] of code) {
    const times = { before: [] as number[], after: [] as number[] };
    for (let round = 0; round < size.compare; round++) {
      times.before.push(await p50(before.run));
      times.after.push(await p50(after.run));
    }
    const [b, a] = [await buffersAndRows(db, before.explain), await buffersAndRows(db, after.explain)];
    rows.push(`| ${label} | ${median(times.before).toFixed(1)} | ${median(times.after).toFixed(1)} | ${b.buffers} | ${after.explain.length ? a.buffers : '—'} | ${b.rows} | ${after.explain.length ? a.rows : (await openItems(db, companyId, now)).length} |`);
    console.log(rows.at(-1));
  }
  // The index of migration 0139, without and with it in turn.
  const builds = { po: [] as number[] };
  const indexes: Array<[string, Read, () => Promise<void>, () => Promise<void>]> = [
    [
      `GET /api/company/orders?poNumber= without / with orders_company_po_number`,
      { run: () => poOrders.execute(db), explain: [poOrders] },
      async () => {
        await sql`drop index orders_company_po_number`.execute(db);
      },
      async () => {
        await timed(builds.po, () => sql`create index orders_company_po_number on orders (company_id, po_number, seq) where company_id is not null and po_number is not null`.execute(db));
      },
    ],
  ];
  for (const [label, read, without, withIt] of indexes) {
    const times = { before: [] as number[], after: [] as number[] };
    const plans = { before: { buffers: 0, rows: 0 }, after: { buffers: 0, rows: 0 } };
    for (let round = 0; round < size.compare; round++) {
      await without();
      await sql`analyze company_ledger, orders`.execute(db);
      times.before.push(await p50(read.run));
      plans.before = await buffersAndRows(db, read.explain);
      await withIt();
      await sql`analyze company_ledger, orders`.execute(db);
      times.after.push(await p50(read.run));
      plans.after = await buffersAndRows(db, read.explain);
    }
    rows.push(`| ${label} | ${median(times.before).toFixed(1)} | ${median(times.after).toFixed(1)} | ${plans.before.buffers} | ${plans.after.buffers} | ${plans.before.rows} | ${plans.after.rows} |`);
    console.log(rows.at(-1));
  }
  rows.push(`| CREATE INDEX orders_company_po_number: each build, ms (writes to orders wait meanwhile) | | ${builds.po.map((ms) => ms.toFixed(0)).join(', ')} | | | | |`);
  return rows;
}

async function timed(into: number[], work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  into.push(performance.now() - started);
}
