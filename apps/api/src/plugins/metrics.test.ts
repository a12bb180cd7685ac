import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { insertPart, placeOrder, signUpCustomer } from '../test/orders';

const TOKEN = 'metrics-token-metrics-token-metrics-token';
let plain: FastifyInstance;
let app: FastifyInstance;

// Two shops to build: the hook's time is twice a file's usual.
beforeAll(async () => {
  plain = await createTestApp();
  app = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' } });
}, 120_000);

afterAll(async () => {
  await Promise.all([plain?.close(), app?.close()]);
});

/** One sample's value from Prometheus' text format, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('is not served when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const reply = await plain.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(404);
  });

  it('answers only the bearer of METRICS_TOKEN, with requests, pool, jobs, outbox, cache, hashing and Node', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);

    const id = await insertPart(app);
    // A miss, then a hit of the cached part; the route pattern is counted, not the URL.
    for (let index = 0; index < 2; index++) expect((await app.inject({ method: 'GET', url: `/api/part/${id}` })).statusCode).toBe(200);
    // An unpaid order waits for its expiry job.
    await placeOrder(app, await signUpCustomer(app, 'metrics'), id);
    const reply = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    const text = reply.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/api/part/:id",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/metrics",status="401"}')).toBe(2);
    expect(text).not.toContain(id);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/part/:id",status="200"}');
    expect(sample(text, 'public_cache_requests_total{topic="catalogue",result="miss"}')).toBe(1);
    expect(sample(text, 'public_cache_requests_total{topic="catalogue",result="hit"}')).toBe(1);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, 'job_queue_jobs{queue="order-expiry",state="created"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'job_queue_jobs{queue="mail",state="failed"}')).toBe(0);
    expect(sample(text, 'job_failures_total{queue="sweep",outcome="given_up"}')).toBe(0);
    expect(sample(text, 'job_failures_total{queue="mail",outcome="retried"}')).toBe(0);
    expect(sample(text, 'mail_outbox_unsent')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mail_outbox_oldest_unsent_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'password_hash_queue_length')).toBe(0);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('are served on METRICS_PORT of 127.0.0.1 to anyone', async () => {
    expect(plain.metricsAddress()).toBeUndefined();
    const address = app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const response = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('db_pool_connections{state="idle"}');
  });
});
