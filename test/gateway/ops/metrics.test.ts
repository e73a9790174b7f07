/**
 * `/metrics` in Prometheus text: operations by name and outcome, errors by code, upstream
 * requests per upstream and status class, cache hits and misses, breaker state per upstream,
 * requests in flight and the process's own figures; off with `metrics: false` (METRICS=false).
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { describe, expect, it } from 'vitest';
import { operationLabel } from '../../../src/gateway/ops/metrics.js';
import { createGateway } from '../../../src/gateway/server.js';
import { useCountryDataGateway } from '../../support/country-data-gateway.js';

const { gateway, data } = useCountryDataGateway();

/** The value of the series `name{labels}` in a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(): Promise<string> {
  const response = await gateway().request('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

describe('/metrics', () => {
  it('counts operations by name and outcome, upstream requests by upstream and status class, and cache hits', async () => {
    await data('query Norway { country(code: "NO") { names { common } } }');
    await data('query Norway { country(code: "NO") { names { common } } }');
    const text = await scrape();
    expect(sample(text, 'gateway_graphql_operations_total', { operation: 'Norway', outcome: 'ok' })).toBe(2);
    expect(sample(text, 'gateway_graphql_operation_duration_seconds_count', { operation: 'Norway' })).toBe(2);
    expect(sample(text, 'gateway_upstream_requests_total', { upstream: 'country-data', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(sample(text, 'gateway_upstream_request_duration_seconds_count', { upstream: 'country-data', method: 'GET' })).toBe(1);
    expect(sample(text, 'gateway_cache_lookups_total', { upstream: 'country-data', result: 'miss' })).toBe(1);
    expect(sample(text, 'gateway_cache_lookups_total', { upstream: 'country-data', result: 'hit' })).toBe(1);
  });

  it('counts errors by code, upstream 4xx answers, and refused operations', async () => {
    await gateway().query('{ country(code: "NO") { nope } }');
    const refused = await gateway().query('query WrongKey { country(code: "SE") { names { common } } }', {
      headers: { 'x-country-api-key': 'rc_live_not_a_key' },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const text = await scrape();
    expect(sample(text, 'gateway_graphql_errors_total', { code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
    expect(sample(text, 'gateway_graphql_operations_total', { operation: 'anonymous', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'gateway_graphql_errors_total', { code: 'UNAUTHENTICATED' })).toBe(1);
    expect(
      sample(text, 'gateway_upstream_requests_total', { upstream: 'country-data', method: 'GET', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows every upstream circuit closed, no request in flight but the scrape, and process figures', async () => {
    const text = await scrape();
    for (const upstream of ['crypto-analytics', 'blockchain-utility', 'address', 'country-data'])
      expect(sample(text, 'gateway_upstream_circuit_state', { upstream })).toBe(0);
    expect(text).toMatch(/^gateway_http_requests_in_flight 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});

describe('operation names as labels', () => {
  it('keeps plain names and folds the rest, so a client cannot grow the series without bound', () => {
    expect(operationLabel(undefined)).toBe('anonymous');
    expect(operationLabel('CountryPage')).toBe('CountryPage');
    expect(operationLabel('x'.repeat(65))).toBe('other');
    expect(operationLabel('not a name')).toBe('other');
  });
});

describe('METRICS=false', () => {
  it('serves no /metrics', async () => {
    const schema = makeExecutableSchema({ typeDefs: 'type Query { ok: Boolean }' });
    const yoga = createGateway({ schema, upstreams: [], upstreamTimeoutMs: 1_000, cacheTtlMs: 0, metrics: false });
    expect((await yoga.fetch(new Request('http://gateway.test/metrics'))).status).toBe(404);
  });
});
