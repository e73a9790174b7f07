import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError } from 'graphql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamName } from '../../src/gateway/config.js';
import { createLogger } from '../../src/gateway/logger.js';
import { FanOutBudget } from '../../src/gateway/http/fan-out.js';
import { callerIp, createUpstreamClient, type ResolvedUpstream, upstreamClients } from '../../src/gateway/upstream/upstream-fetch.js';
import { type TransportOptions, UpstreamTransport } from '../../src/gateway/upstream/upstream-transport.js';
import { VENDORS } from '../support/vendors.js';

/** A loopback server whose behaviour each test scripts through `script`. */
let server: Server;
let base: string;
let seen: IncomingMessage[] = [];
type Action = { status: number; body: string; headers?: Record<string, string> } | 'drop' | 'hang' | ((response: ServerResponse) => void);
let script: (request: IncomingMessage, count: number) => Action;
let transports: UpstreamTransport[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    const action = script(request, seen.length);
    if (action === 'drop') return request.socket.destroy();
    if (action === 'hang') return;
    if (typeof action === 'function') return action(response);
    response.writeHead(action.status, { 'content-type': 'application/json', ...action.headers });
    response.end(action.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(async () => {
  await Promise.all(transports.map((transport) => transport.close()));
  transports = [];
});
beforeEach(() => {
  seen = [];
  script = () => ({ status: 200, body: '{"ok":true}' });
});

interface ClientOptions {
  headers?: Record<string, string>;
  key?: string;
  transport?: UpstreamTransport;
  settings?: Partial<TransportOptions>;
}

function transportWith(settings: Partial<TransportOptions> = {}): UpstreamTransport {
  const transport = new UpstreamTransport({ timeoutMs: 2000, retryBaseDelayMs: 10, ...settings });
  transports.push(transport);
  return transport;
}

function clientFor(name: UpstreamName, options: ClientOptions = {}) {
  const upstreams: ResolvedUpstream[] = [
    { name, url: `${base}/${name}`, credentials: { key: options.key, userToken: 'uk_configured' }, vendor: VENDORS[name] },
  ];
  return createUpstreamClient(
    upstreams,
    { headers: new Headers(options.headers), ip: '203.0.113.9' },
    { transport: options.transport ?? transportWith(options.settings) },
  );
}

function fetchFor(name: UpstreamName, options: ClientOptions = {}) {
  return clientFor(name, options).fetch;
}

async function failure(promise: Promise<unknown>): Promise<GraphQLError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GraphQLError);
  return error as GraphQLError;
}

describe('upstream fetch', () => {
  it("adds the vendor's credentials, the caller's address and User-Agent", async () => {
    const fetch = fetchFor('country-data', { key: 'rc_configured', headers: { 'user-agent': 'UA/1' } });
    await fetch(`${base}/country-data/x`);
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'Bearer rc_configured',
      'x-forwarded-for': '203.0.113.9',
      'user-agent': 'UA/1',
    });
  });

  it("lets a client's own key header win, per vendor", async () => {
    await fetchFor('address', { key: 'ak_configured', headers: { 'x-address-api-key': 'ak_client' } })(`${base}/address/x`);
    expect(seen[0]?.headers.authorization).toBe('IDEALPOSTCODES api_key="ak_client" user_token="uk_configured"');
    await fetchFor('crypto-analytics', { key: 'tm_configured', headers: { 'x-crypto-api-key': 'tm_client' } })(
      `${base}/crypto-analytics/x`,
    );
    expect(seen[1]?.headers.api_key).toBe('tm_client');
  });

  it('sends no credentials when none are configured', async () => {
    await fetchFor('country-data')(`${base}/country-data/x`);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('makes identical GETs once per request, but every POST', async () => {
    const fetch = fetchFor('country-data', { key: 'k' });
    const answers = await Promise.all([fetch(`${base}/country-data/a`), fetch(`${base}/country-data/a`), fetch(`${base}/country-data/b`)]);
    expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(seen.map((request) => request.url)).toEqual(['/country-data/a', '/country-data/b']);
    await Promise.all([fetch(`${base}/country-data/a`, { method: 'POST' }), fetch(`${base}/country-data/a`, { method: 'POST' })]);
    expect(seen).toHaveLength(4);
  });

  it('retries a GET once when the connection drops, never a POST', async () => {
    script = (_request, count) => (count === 1 ? 'drop' : { status: 200, body: '{"second":true}' });
    expect(await (await fetchFor('country-data')(`${base}/country-data/x`)).json()).toEqual({ second: true });
    seen = [];
    script = () => 'drop';
    const error = await failure(fetchFor('blockchain-utility')(`${base}/blockchain-utility/x`, { method: 'POST', body: '{}' }));
    expect(seen).toHaveLength(1);
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'blockchain-utility', retryable: true });
  });

  it('gives up after the time-out as UPSTREAM_TIMEOUT', async () => {
    script = () => 'hang';
    const error = await failure(fetchFor('country-data', { settings: { timeoutMs: 100 } })(`${base}/country-data/x`));
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', upstream: 'country-data', retryable: true });
  });

  it.each([
    ['country-data', 404, '{"errors":[{"message":"Unknown property."}]}', { code: 'NOT_FOUND', status: 404 }, 'Unknown property.'],
    ['address', 404, '{"code":4040,"message":"Postcode not found"}', { code: 'NOT_FOUND', upstreamCode: 4040 }, 'Postcode not found'],
    ['address', 503, '{"code":5030,"message":"Rate limit"}', { code: 'RATE_LIMITED', retryable: true }, 'Rate limit'],
    [
      'crypto-analytics',
      401,
      '{"success":false,"message":"Invalid API key","length":0,"data":[]}',
      { code: 'UNAUTHENTICATED' },
      'Invalid API key',
    ],
    ['blockchain-utility', 409, 'Box already spent', { code: 'CONFLICT', status: 409 }, 'Box already spent'],
    ['blockchain-utility', 500, '<html>oops</html>', { code: 'UPSTREAM_ERROR', retryable: true }, 'HTTP 500'],
  ] as const)('maps a %s %i to a catalogued error', async (name, status, body, extensions, message) => {
    script = () => ({ status, body });
    const error = await failure(fetchFor(name)(`${base}/${name}/x`));
    expect(error.extensions).toMatchObject({ upstream: name, ...extensions });
    expect(error.message).toBe(`${name}: ${message}`);
  });

  it('parses a body once, however many callers of the request share it', async () => {
    script = () => ({ status: 200, body: '{"ok":true}' });
    const client = clientFor('country-data');
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const answers = await Promise.all([client.get('country-data', '/a'), client.get('country-data', '/a')]);
      expect(answers).toEqual([{ ok: true }, { ok: true }]);
      expect(parse.mock.calls.filter(([text]) => text === '{"ok":true}')).toHaveLength(1);
      // One value shared by both callers; frozen only once a cache shares it across requests (response-cache.test.ts).
      expect(answers[0]).toBe(answers[1]);
    } finally {
      parse.mockRestore();
    }
  });

  it("keeps B's int64 amounts exact in parsed values", async () => {
    script = () => ({ status: 200, body: '{"nanoErgs":9007199254740993,"small":5}' });
    expect(await clientFor('blockchain-utility').get('blockchain-utility', '/x')).toEqual({ nanoErgs: '9007199254740993', small: 5 });
  });

  it('scrubs configured and client-sent keys from messages and logs when a vendor echoes them', async () => {
    const lines: string[] = [];
    const transport = transportWith({ logger: createLogger('warn', { write: (line) => lines.push(line) }) });
    script = (request) => ({
      status: 401,
      body: JSON.stringify({ message: `Invalid credentials: api_key=${String(request.headers.api_key)}` }),
    });
    const configured = await failure(
      fetchFor('crypto-analytics', { key: 'tm_configured_secret', transport })(`${base}/crypto-analytics/x`),
    );
    const sent = await failure(
      fetchFor('crypto-analytics', { key: 'tm_configured_secret', transport, headers: { 'x-crypto-api-key': 'tm_client_secret' } })(
        `${base}/crypto-analytics/x`,
      ),
    );
    const output = JSON.stringify([configured, sent, configured.extensions, sent.extensions, lines]);
    expect(configured.message).toBe('crypto-analytics: Invalid credentials: api_key=[redacted]');
    expect(output).not.toContain('tm_configured_secret');
    expect(output).not.toContain('tm_client_secret');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 40, upstream: 'crypto-analytics', status: 401, durationMs: expect.any(Number) }),
    );
  });

  it('waits out a 429 with Retry-After on a GET, and never retries a POST', async () => {
    script = (_request, count) =>
      count === 1 ? { status: 429, body: '{}', headers: { 'retry-after': '1' } } : { status: 200, body: '{"late":true}' };
    const started = Date.now();
    expect(await clientFor('country-data').get('country-data', '/x')).toEqual({ late: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    seen = [];
    script = () => ({ status: 503, body: '{}' });
    await failure(fetchFor('country-data')(`${base}/country-data/x`, { method: 'POST', body: '{}' }));
    expect(seen).toHaveLength(1);
  });

  it('does not wait for a Retry-After beyond the deadline', async () => {
    script = () => ({ status: 503, body: '{}', headers: { 'retry-after': '30' } });
    const error = await failure(fetchFor('country-data', { settings: { retryMaxDelayMs: 60_000 } })(`${base}/country-data/x`));
    expect(seen).toHaveLength(1);
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status: 503, retryable: true });
  });

  it('fails an oversized body as it streams, and a slow body at the deadline', async () => {
    script = () => (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`[${'1,'.repeat(600)}`);
      setTimeout(() => response.end('1]'), 5000).unref();
    };
    const tooLarge = await failure(fetchFor('country-data', { settings: { maxBodyBytes: 1000 } })(`${base}/country-data/x`));
    expect(tooLarge.extensions).toMatchObject({ code: 'UPSTREAM_RESPONSE_TOO_LARGE', retryable: false });
    const started = Date.now();
    const slow = await failure(fetchFor('country-data', { settings: { timeoutMs: 300 } })(`${base}/country-data/x`));
    expect(slow.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('opens the circuit once most calls in the window fail, fails fast, and closes after a good probe', async () => {
    script = () => ({ status: 500, body: 'down' });
    const transport = transportWith({ breakerMinCalls: 3, breakerHalfOpenAfterMs: 200, maxAttempts: 1 });
    const fetch = fetchFor('country-data', { transport });
    for (let call = 0; call < 3; call += 1) await failure(fetch(`${base}/country-data/${call}`));
    expect(transport.breakerStates()['country-data']).toBe('open');
    const open = await failure(fetch(`${base}/country-data/3`));
    expect(open.extensions).toMatchObject({ code: 'UPSTREAM_CIRCUIT_OPEN', upstream: 'country-data', retryable: true });
    expect(seen).toHaveLength(3);
    script = () => ({ status: 200, body: '{"back":true}' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await (await fetch(`${base}/country-data/y`)).json()).toEqual({ back: true });
    expect(transport.breakerStates()['country-data']).toBe('closed');
  });

  it('refuses a URL outside every configured upstream', async () => {
    await expect(fetchFor('country-data')('http://127.0.0.1:1/elsewhere')).rejects.toThrow(TypeError);
  });
});

describe('the call pipeline', () => {
  function pipelineClient(budget: FanOutBudget, observed: [UpstreamName, unknown][]) {
    const upstreams: ResolvedUpstream[] = [
      {
        name: 'country-data',
        url: `${base}/country-data`,
        credentials: { key: 'k', userToken: undefined },
        vendor: VENDORS['country-data'],
      },
    ];
    return upstreamClients(upstreams, { transport: transportWith() })({
      caller: { headers: new Headers(), ip: undefined },
      budget,
      observeAnswer: (name, body) => observed.push([name, body]),
    });
  }

  it('spends the budget first, per distinct call, whether Mesh or a resolver asks: a refused call reaches no upstream', async () => {
    const client = pipelineClient(new FanOutBudget(1), []);
    await client.get('country-data', '/x/{id}', { id: 'a' });
    // The same URL again, through Mesh's road: one call, already paid for.
    await client.fetch(`${base}/country-data/x/a`);
    const error = await failure(client.get('country-data', '/x/{id}', { id: 'b' }));
    expect(error.extensions.code).toBe('FAN_OUT_BUDGET_EXCEEDED');
    expect(seen.map((request) => request.url)).toEqual(['/country-data/x/a']);
  });

  it("reports what the gateway parses to the request's listener, and leaves Mesh's answers to Mesh", async () => {
    const observed: [UpstreamName, unknown][] = [];
    const client = pipelineClient(new FanOutBudget(10), observed);
    await client.fetch(`${base}/country-data/mesh`);
    await client.get('country-data', '/own');
    expect(observed).toEqual([['country-data', { ok: true }]]);
  });
});

describe('callerIp', () => {
  it('prefers the first X-Forwarded-For hop and unwraps IPv4-mapped addresses', () => {
    expect(callerIp(new Headers({ 'x-forwarded-for': '198.51.100.1, 10.0.0.2' }), '::ffff:127.0.0.1')).toBe('198.51.100.1');
    expect(callerIp(new Headers(), '::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(callerIp(new Headers(), undefined)).toBeUndefined();
  });
});
