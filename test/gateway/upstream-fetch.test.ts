import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamName } from '../../src/gateway/config.js';
import { callerIp, createUpstreamClient, type ResolvedUpstream } from '../../src/gateway/upstream/upstream-fetch.js';

/** A loopback server whose behaviour each test scripts through `script`. */
let server: Server;
let base: string;
let seen: IncomingMessage[] = [];
let script: (request: IncomingMessage, count: number) => { status: number; body: string } | 'drop' | 'hang';

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    const action = script(request, seen.length);
    if (action === 'drop') return request.socket.destroy();
    if (action === 'hang') return;
    response.writeHead(action.status, { 'content-type': 'application/json' });
    response.end(action.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen = [];
  script = () => ({ status: 200, body: '{"ok":true}' });
});

function fetchFor(name: UpstreamName, options: { headers?: Record<string, string>; key?: string; timeoutMs?: number } = {}) {
  const upstreams: ResolvedUpstream[] = [{ name, url: `${base}/${name}`, credentials: { key: options.key, userToken: 'uk_configured' } }];
  return createUpstreamClient(
    upstreams,
    { headers: new Headers(options.headers), ip: '203.0.113.9' },
    { timeoutMs: options.timeoutMs ?? 2000 },
  ).fetch;
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
    const error = await failure(fetchFor('country-data', { timeoutMs: 100 })(`${base}/country-data/x`));
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
    ['blockchain-utility', 500, '<html>oops</html>', { code: 'UPSTREAM_ERROR', retryable: false }, 'HTTP 500'],
  ] as const)('maps a %s %i to a catalogued error', async (name, status, body, extensions, message) => {
    script = () => ({ status, body });
    const error = await failure(fetchFor(name)(`${base}/${name}/x`));
    expect(error.extensions).toMatchObject({ upstream: name, ...extensions });
    expect(error.message).toBe(`${name}: ${message}`);
  });

  it('refuses a URL outside every configured upstream', async () => {
    await expect(fetchFor('country-data')('http://127.0.0.1:1/elsewhere')).rejects.toThrow(TypeError);
  });
});

describe('callerIp', () => {
  it('prefers the first X-Forwarded-For hop and unwraps IPv4-mapped addresses', () => {
    expect(callerIp(new Headers({ 'x-forwarded-for': '198.51.100.1, 10.0.0.2' }), '::ffff:127.0.0.1')).toBe('198.51.100.1');
    expect(callerIp(new Headers(), '::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(callerIp(new Headers(), undefined)).toBeUndefined();
  });
});
