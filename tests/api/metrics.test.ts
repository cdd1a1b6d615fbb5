/**
 * GET /metrics: Prometheus text for a scraper holding METRICS_TOKEN (requests, the pool, the mail
 * outbox, the background tasks), and to anyone else (or with no token configured) the same 404 as
 * an unknown address.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'metrics-scraper-secret-0123456789';
const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series in a scrape's text, by its name with labels as written. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, MAIL_POLL_INTERVAL_MS: '0' } });
  });
  afterAll(() => t?.close());

  test('without the token, or with another, it answers as an unknown address does', async () => {
    const unknown = await t.app.inject({ url: '/no-such-address' });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, authorization).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(res.body).not.toContain('forge_');
    }
  });

  test('counts requests and their latency per route, the outbox, the pool, the process', async () => {
    const unmatched = 'forge_http_requests_total{method="GET",route="(unmatched)",status="404"}';
    const before = value((await scrape(t, `Bearer ${TOKEN}`)).body, unmatched) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/v1/products?limit=1' });
    await t.app.inject({ url: '/api/v1/products/no-such-product' });
    await t.app.inject({ url: '/api/v1/no/such/route' });
    await registerUser(t.app); // queues a welcome e-mail; the worker is not polling

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    const products = 'method="GET",route="/api/v1/products"';
    expect(value(text, `forge_http_requests_total{${products},status="200"}`)).toBe(3);
    expect(
      value(
        text,
        'forge_http_requests_total{method="GET",route="/api/v1/products/:identifier",status="404"}',
      ),
    ).toBe(1);
    // A route per template, not per address: every unknown one is the same series.
    expect(value(text, unmatched)).toBe(before + 1);
    expect(value(text, `forge_http_request_duration_seconds_count{${products}}`)).toBe(3);
    expect(value(text, `forge_http_request_duration_seconds_bucket{le="+Inf",${products}}`)).toBe(
      3,
    );
    expect(value(text, `forge_http_request_duration_seconds_sum{${products}}`)).toBeGreaterThan(0);

    expect(value(text, 'forge_mail_outbox_messages{status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'forge_mail_outbox_messages{status="failed"}')).toBe(0);
    if (t.database.driver === 'postgres') {
      expect(value(text, 'forge_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'forge_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('forge_db_pool_connections');
    }
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');

    // Each background task's turn is counted, and when it last ran to its end.
    await t.app.orderJobs.runNow();
    const jobs = (await scrape(t, `Bearer ${TOKEN}`)).body;
    const retry = 'job="order-jobs",task="webhook-retry"';
    expect(value(jobs, `forge_job_task_runs_total{${retry},outcome="ran"}`)).toBe(1);
    expect(value(jobs, `forge_job_task_last_success_timestamp_seconds{${retry}}`)).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );

    // Once delivered, the outbox is empty again.
    await t.app.mail.flush();
    const after = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(value(after, 'forge_mail_outbox_messages{status="pending"}')).toBe(0);
  });
});

test('without METRICS_TOKEN there are no metrics: 404 even with a token', async () => {
  const t = await createTestApp();
  try {
    expect(t.app.metrics).toBeNull();
    expect((await scrape(t, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  } finally {
    await t.close();
  }
});
