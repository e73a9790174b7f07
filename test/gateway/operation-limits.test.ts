/**
 * What one request may cost: every limit refuses before any upstream call (counted at the
 * sandboxes), with its code, its status and a message naming the limit and the value seen; the
 * fan-out budget also holds while an operation runs.
 */
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FanOutBudget } from '../../src/gateway/http/fan-out.js';
import { DEFAULT_LIMITS, loadLimits } from '../../src/gateway/http/limits-config.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
}, 60_000);
afterAll(async () => gw?.close());

function upstreamRequests(gateway: TestGateway): number {
  return Object.values(gateway.sandboxes).reduce((sum, sandbox) => sum + (sandbox?.requests.length ?? 0), 0);
}

interface Answer {
  status: number;
  errors: { message: string; extensions?: Record<string, unknown> }[];
  data?: unknown;
}

async function send(gateway: TestGateway, body: unknown): Promise<Answer> {
  const response = await gateway.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Omit<Answer, 'status'>;
  return { status: response.status, errors: answer.errors ?? [], data: answer.data };
}

function aliases(count: number, field: string): string {
  return Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(' ');
}

describe('refused before any upstream call', () => {
  it('1,000 aliases of ipLookup', async () => {
    const before = upstreamRequests(gw);
    const answer = await send(gw, { query: `{ ${aliases(1000, 'ipLookup(ip: "8.8.8.8") { ip }')} }` });
    // The text alone is over MAX_QUERY_BYTES; with that raised, tokens, aliases and the budget each refuse it (below).
    expect(answer.status).toBe(413);
    expect(answer.errors[0]?.extensions?.code).toBe('QUERY_TOO_LARGE');
    expect(upstreamRequests(gw)).toBe(before);
  });

  it('200 aliased createPaymentRequest mutations', async () => {
    const before = upstreamRequests(gw);
    const answer = await send(gw, {
      query: `mutation Pay($input: PaymentRequestInput) { ${aliases(200, 'createPaymentRequest(input: $input) { requestId }')} }`,
      variables: { input: { nanoErg: '2500000', receiverAddress: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('MAX_TOKENS_EXCEEDED');
    expect(upstreamRequests(gw)).toBe(before);
  });

  it('a long query is QUERY_TOO_LARGE, 413, naming the limit and the size', async () => {
    const query = `{ __typename }${' '.repeat(DEFAULT_LIMITS.maxQueryBytes)}`;
    const answer = await send(gw, { query });
    expect(answer.status).toBe(413);
    expect(answer.errors[0]?.extensions?.code).toBe('QUERY_TOO_LARGE');
    expect(answer.errors[0]?.message).toContain(`${DEFAULT_LIMITS.maxQueryBytes} bytes exceeded, found ${query.length}`);
  });

  it('a body of 5 MB of variables is REQUEST_TOO_LARGE, 413, counted as it streams when its length is not stated', async () => {
    const answer = await send(gw, { query: 'query Q($x: String) { __typename }', variables: { x: 'x'.repeat(5_000_000) } });
    expect(answer.status).toBe(413);
    expect(answer.errors[0]?.extensions?.code).toBe('REQUEST_TOO_LARGE');
    expect(answer.errors[0]?.message).toContain(`Request body limit of ${DEFAULT_LIMITS.maxRequestBytes} bytes exceeded`);
  });

  it('a stated Content-Length decides before the body is read: over the limit 413, not a number 400, within it served', async () => {
    const post = async (contentLength: string, body: string) => {
      const response = await gw.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': contentLength },
        body,
      });
      const answer = (await response.json()) as Omit<Answer, 'status'>;
      return { status: response.status, errors: answer.errors ?? [], data: answer.data };
    };
    const small = JSON.stringify({ query: '{ __typename }' });
    const over = await post(String(DEFAULT_LIMITS.maxRequestBytes + 1), small);
    expect(over.status).toBe(413);
    expect(over.errors[0]?.extensions?.code).toBe('REQUEST_TOO_LARGE');
    expect(over.errors[0]?.message).toContain(`found ${DEFAULT_LIMITS.maxRequestBytes + 1} bytes (MAX_REQUEST_BYTES)`);
    const malformed = await post('12, 12', small);
    expect(malformed.status).toBe(400);
    expect(malformed.errors[0]?.extensions?.code).toBe('BAD_REQUEST');
    const served = await post(String(Buffer.byteLength(small)), small);
    expect(served.status).toBe(200);
    expect(served.data).toEqual({ __typename: 'Query' });
  });

  it('too many tokens is MAX_TOKENS_EXCEEDED, 400', async () => {
    const answer = await send(gw, { query: `{ ${'a '.repeat(DEFAULT_LIMITS.maxTokens)} }` });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('MAX_TOKENS_EXCEEDED');
    expect(answer.errors[0]?.message).toContain(`Token limit of ${DEFAULT_LIMITS.maxTokens} exceeded`);
  });

  it('too many directives is MAX_DIRECTIVES_EXCEEDED, 400', async () => {
    const answer = await send(gw, { query: `{ __typename ${'@include(if: true) '.repeat(DEFAULT_LIMITS.maxDirectives + 1)} }` });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('MAX_DIRECTIVES_EXCEEDED');
    expect(answer.errors[0]?.message).toContain(`found ${DEFAULT_LIMITS.maxDirectives + 1}`);
  });

  it('two __schema selections are INTROSPECTION_LIMIT_EXCEEDED, 400', async () => {
    const answer = await send(gw, { query: '{ a: __schema { queryType { name } } b: __schema { queryType { name } } }' });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('INTROSPECTION_LIMIT_EXCEEDED');
  });

  it("deeply nested introspection is INTROSPECTION_LIMIT_EXCEEDED, while GraphiQL's own query passes", async () => {
    const ofType = (depth: number): string => (depth === 0 ? 'name' : `ofType { ${ofType(depth - 1)} }`);
    const deep = await send(gw, { query: `{ __schema { types { fields { type { ${ofType(20)} } } } } }` });
    expect(deep.status).toBe(400);
    expect(deep.errors[0]?.extensions?.code).toBe('INTROSPECTION_LIMIT_EXCEEDED');
    const graphiql = await send(gw, { query: getIntrospectionQuery() });
    expect(graphiql.errors).toEqual([]);
    expect(graphiql.status).toBe(200);
  });
});

describe('limits lowered through options', () => {
  let strict: TestGateway;
  beforeAll(async () => {
    strict = await startTestGateway({
      cacheTtlMs: 0,
      limits: { maxDepth: 3, maxAliases: 2_000, maxTokens: 50_000, maxQueryBytes: 100_000, maxUpstreamCalls: 2 },
    });
  }, 60_000);
  afterAll(async () => strict?.close());

  it('depth beyond MAX_DEPTH is MAX_DEPTH_EXCEEDED, 400', async () => {
    const answer = await send(strict, { query: '{ ipLookup(ip: "8.8.8.8") { country { names { common } } } }' });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('MAX_DEPTH_EXCEEDED');
    expect(answer.errors[0]?.message).toContain('Query depth limit of 3 exceeded, found 4');
  });

  it('the estimate refuses aliases that would exceed the budget, before any call', async () => {
    const before = upstreamRequests(strict);
    const answer = await send(strict, { query: `{ ${aliases(3, 'emailValidation(email: "info@example.com") { result }')} }` });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('FAN_OUT_BUDGET_EXCEEDED');
    expect(answer.errors[0]?.message).toContain('at most 2 upstream calls (MAX_UPSTREAM_CALLS); its fields would make at least 3');
    expect(upstreamRequests(strict)).toBe(before);
  });

  it('1,000 aliases of ipLookup, let past the size, token and alias limits, are refused by the estimate', async () => {
    const before = upstreamRequests(strict);
    const answer = await send(strict, { query: `{ ${aliases(1000, 'ipLookup(ip: "8.8.8.8") { ip }')} }` });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('FAN_OUT_BUDGET_EXCEEDED');
    expect(answer.errors[0]?.message).toContain('at least 1000');
    expect(upstreamRequests(strict)).toBe(before);
  });

  it('mutations have their own, smaller budget: 200 aliased createPaymentRequest are refused', async () => {
    const before = upstreamRequests(strict);
    const answer = await send(strict, {
      query: `mutation Pay($input: PaymentRequestInput) { ${aliases(200, 'createPaymentRequest(input: $input) { requestId }')} }`,
      variables: { input: { nanoErg: '2500000', receiverAddress: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.errors[0]?.extensions?.code).toBe('FAN_OUT_BUDGET_EXCEEDED');
    expect(answer.errors[0]?.message).toContain(
      `at most ${DEFAULT_LIMITS.maxUpstreamCallsMutation} upstream calls (MAX_UPSTREAM_CALLS_MUTATION)`,
    );
    expect(upstreamRequests(strict)).toBe(before);
  });

  it('the budget holds during execution: calls past it fail with FAN_OUT_BUDGET_EXCEEDED and never reach an upstream', async () => {
    const before = upstreamRequests(strict);
    // Estimated at 2 (the list and one cross-interface field); the per-token prices need more calls.
    const answer = await send(strict, { query: '{ tokens(limit: 10) { symbol price(currency: "EUR") { amount } } }' });
    expect(answer.status).toBe(200);
    expect(answer.errors.map((error) => error.extensions?.code)).toContain('FAN_OUT_BUDGET_EXCEEDED');
    expect(upstreamRequests(strict) - before).toBeLessThanOrEqual(2);
  });
});

describe('limits configuration', () => {
  it('reads each variable and refuses a bad value naming it', () => {
    expect(loadLimits({ MAX_DEPTH: '20', MAX_UPSTREAM_CALLS_MUTATION: '3' })).toMatchObject({ maxDepth: 20, maxUpstreamCallsMutation: 3 });
    expect(() => loadLimits({ MAX_ALIASES: 'many' })).toThrow('MAX_ALIASES must be a whole number of at least 1, got "many"');
    expect(() => loadLimits({ MAX_UPSTREAM_CALLS: '0' })).toThrow('MAX_UPSTREAM_CALLS');
  });
});

describe('FanOutBudget', () => {
  it('spends once per distinct GET, once per POST, and names the mutation budget for a mutation', () => {
    const budget = new FanOutBudget(50);
    budget.forMutation(2);
    budget.spend('GET http://a/x', true);
    budget.spend('GET http://a/x', true);
    budget.spend('POST http://a/pay', false);
    expect(() => budget.spend('POST http://a/pay', false)).toThrow(
      'This operation may make at most 2 distinct upstream calls (MAX_UPSTREAM_CALLS_MUTATION); call 3 was refused.',
    );
  });
});
