/**
 * The endpoint is sealed: in the production posture, against the real gateway process, no request
 * target reaches the graph around the credential check or the rate limit. graphql-yoga alone
 * answers GraphQL on any URL that ends with its endpoint (`/graphql/`, `//graphql`, `/x/graphql`,
 * `/healthz?q=/graphql`), while the caller checks matched the path exactly: these are the named
 * examples, and fast-check generates the rest (encodings, case, dot segments, doubled slashes,
 * query strings) over four transports (POST, GET, SSE, WebSocket).
 *
 * Two processes: `sealed` requires credentials (AUTH_REQUIRED with a static key), `limited` takes
 * anonymous callers with a rate limit of 5 a minute, spent before the property runs, so that every
 * later request that reaches the graph must be a 429 with its RateLimit headers.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ROOT } from '../support/gateway.js';
import { type GatewayProcess, spawnGateway } from './ops/gateway-process.js';

const KEY = 'gw_sealed_reader_1';
const RATE_LIMIT = 5;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

type Transport = 'post' | 'get' | 'sse' | 'websocket';

let dataRoot: string;
let sealed: { gateway: GatewayProcess; port: number };
let limited: { gateway: GatewayProcess; port: number };

async function start(env: Record<string, string>): Promise<{ gateway: GatewayProcess; port: number }> {
  const gateway = spawnGateway({ PORT: '0', NODE_ENV: 'production', ALLOW_SANDBOXES: 'true', SANDBOX_DATA_DIR: dataRoot, ...env }, ROOT);
  const ready = await gateway.logLine('gateway ready');
  return { gateway, port: Number(new URL(String(ready.url)).port) };
}

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'sealed-endpoint-'));
  const keysFile = join(dataRoot, 'keys.json');
  writeFileSync(keysFile, JSON.stringify([{ id: 'reader', sha256: createHash('sha256').update(KEY).digest('hex'), scopes: ['read'] }]));
  [sealed, limited] = await Promise.all([
    start({ AUTH_REQUIRED: 'true', AUTH_API_KEYS_FILE: keysFile }),
    start({ RATE_LIMIT_PER_MINUTE_ANONYMOUS: String(RATE_LIMIT) }),
  ]);
}, 90_000);

afterAll(() => {
  for (const { gateway } of [sealed, limited]) if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
  rmSync(dataRoot, { recursive: true, force: true });
});

/** One raw HTTP request: the target goes on the wire exactly as given, never normalised. */
function send(port: number, target: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path: target, method: init.method, headers: init.headers, agent: false },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        // An SSE answer to a query ends by itself; a subscription's is cut once its first event could have come.
        const cut = setTimeout(() => incoming.destroy(), 2_000);
        incoming.on('close', () => {
          clearTimeout(cut);
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** A WebSocket operation on `target`: the upgrade's status, or every message graphql-ws sent back. */
function overWebSocket(port: number, target: string, query: string, connectionParams: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const messages: string[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${port}${target}`, 'graphql-transport-ws');
    const finish = (status: number): void => {
      clearTimeout(timer);
      socket.terminate();
      resolve({ status, headers: {}, body: messages.join('\n') });
    };
    const timer = setTimeout(() => finish(101), 3_000);
    socket.on('unexpected-response', (_request, response) => finish(response.statusCode ?? 0));
    socket.on('error', () => finish(0));
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: connectionParams })));
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { type: string };
      messages.push(raw.toString());
      if (message.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
      if (message.type === 'complete' || message.type === 'error') finish(101);
    });
    socket.on('close', () => finish(101));
  });
}

/** The same operation over one of the four transports, to `path` plus `suffix` (a query string or nothing). */
function ask(
  port: number,
  transport: Transport,
  path: string,
  suffix: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const json = { 'content-type': 'application/json', ...headers };
  switch (transport) {
    case 'post':
      return send(port, `${path}${suffix}`, {
        method: 'POST',
        headers: { ...json, accept: 'application/json' },
        body: JSON.stringify({ query }),
      });
    case 'sse':
      return send(port, `${path}${suffix}`, {
        method: 'POST',
        headers: { ...json, accept: 'text/event-stream' },
        body: JSON.stringify({ query }),
      });
    case 'get': {
      const joined = suffix.startsWith('?') ? `&${suffix.slice(1)}` : suffix;
      return send(port, `${path}?query=${encodeURIComponent(query)}${joined}`, {
        method: 'GET',
        headers: { accept: 'application/json', ...headers },
      });
    }
    case 'websocket':
      return overWebSocket(port, `${path}${suffix}`, query, headers);
  }
}

/** Whether an answer carries any of the graph's data (an object under `data`, over JSON, SSE or WebSocket). */
const hasData = (answer: Answer): boolean => /"data":\s*\{/.test(answer.body);

/** Queries across the interfaces, as the attack reached them: D, B, `_entities` calling A, and A's live feed. */
const QUERIES = [
  '{ country(code: "FR") { names { common } } }',
  '{ stablecoinState { reserveRatio } }',
  '{ _entities(representations: [{ __typename: "Token", id: 3375 }]) { ... on Token { name } } }',
  'subscription { tokenPrices(symbols: ["BTC"]) { tokenSymbol close } }',
];

/** The targets that reached the graph before the routes were sealed, each with the transports it was tried over. */
const NAMED_EXAMPLES: [string, string][] = [
  ['/graphql/', ''],
  ['//graphql', ''],
  ['/x/graphql', ''],
  ['/graphql/.', ''],
  ['/healthz', '?q=/graphql'],
];

/** Paths near `/graphql`: each character may be percent-encoded or upper-cased; segments, dots and slashes added. */
const nearPath = fc
  .record({
    encoded: fc.array(fc.nat({ max: 7 }), { maxLength: 2 }),
    upper: fc.array(fc.nat({ max: 7 }), { maxLength: 2 }),
    prefix: fc.constantFrom('', '/', '/x', '/./', '/api', '/graphql', '/%2e'),
    suffix: fc.constantFrom('', '/', '/.', '/..', '//', '%2F', ';x', '/graphql', '.json', '%00', '/%2e'),
  })
  .map(({ encoded, upper, prefix, suffix }) => {
    const chars = [...'graphql'].map((char, index) => {
      if (encoded.includes(index)) return `%${char.charCodeAt(0).toString(16)}`;
      return upper.includes(index) ? char.toUpperCase() : char;
    });
    return `${prefix}/${chars.join('')}${suffix}`;
  });

const anyPath = fc.oneof(
  nearPath,
  fc.constantFrom('/healthz', '/readyz', '/metrics', '/graphql'),
  fc.webPath().map((path) => path || '/'),
);
const anySuffix = fc.oneof(
  fc.constantFrom('', '?', '?q=/graphql', '?x=1&y=%2Fgraphql', '?query=%7B__typename%7D'),
  fc.webQueryParameters().map((query) => `?${query}`),
);
const anyTransport = fc.constantFrom<Transport>('post', 'get', 'sse', 'websocket');
const anyQuery = fc.constantFrom(...QUERIES);

describe('with AUTH_REQUIRED, no request without credentials is answered with data', () => {
  it('a caller with a key gets data on /graphql over every transport (the check below would see it)', async () => {
    for (const transport of ['post', 'get', 'sse', 'websocket'] as const) {
      // A subscription is served over the streaming transports only.
      for (const query of transport === 'post' || transport === 'get' ? QUERIES.slice(0, -1) : QUERIES) {
        const answer = await ask(sealed.port, transport, '/graphql', '', query, { 'x-api-key': KEY });
        expect(hasData(answer), `${transport} ${query}: ${answer.status} ${answer.body}`).toBe(true);
      }
    }
  });

  it.each(NAMED_EXAMPLES)('%s%s: 404, whatever the transport or interface', async (path, suffix) => {
    for (const transport of ['post', 'get', 'sse', 'websocket'] as const) {
      for (const query of QUERIES) {
        const answer = await ask(sealed.port, transport, path, suffix, query);
        expect(hasData(answer), `${transport} ${path}${suffix} ${query}: ${answer.body}`).toBe(false);
        if (path === '/healthz') expect([200, 404]).toContain(answer.status);
        else expect(answer.status, `${transport} ${path}${suffix}`).toBe(404);
      }
    }
  });

  it('/graphql itself refuses the anonymous caller with 401 on every transport', async () => {
    for (const transport of ['post', 'get', 'sse'] as const) {
      const answer = await ask(sealed.port, transport, '/graphql', '', QUERIES[0] ?? '');
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('UNAUTHENTICATED');
    }
    const overWs = await ask(sealed.port, 'websocket', '/graphql', '', QUERIES[0] ?? '');
    expect(overWs.body).toContain('UNAUTHENTICATED');
    expect(hasData(overWs)).toBe(false);
  });

  it('for generated targets, transports and interfaces', async () => {
    await fc.assert(
      fc.asyncProperty(anyPath, anySuffix, anyTransport, anyQuery, async (path, suffix, transport, query) => {
        const answer = await ask(sealed.port, transport, path, suffix, query);
        expect(hasData(answer), `${transport} ${path}${suffix}: ${answer.status} ${answer.body.slice(0, 200)}`).toBe(false);
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
    expect(sealed.gateway.child.exitCode).toBeNull();
  });
});

describe('past the anonymous rate limit, no request reaches the graph or goes without RateLimit headers', () => {
  beforeAll(async () => {
    for (let spent = 0; spent < RATE_LIMIT; spent += 1) {
      const answer = await ask(limited.port, 'post', '/graphql', '', QUERIES[0] ?? '');
      expect(answer.status).toBe(200);
      expect(answer.headers.ratelimit).toBeDefined();
    }
  });

  /** An answer the graph gave (neither the 404 of an unserved path nor a probe's) must be the 429, with its headers. */
  function expectRateLimited(answer: Answer, what: string): void {
    expect(hasData(answer), `${what}: ${answer.body.slice(0, 200)}`).toBe(false);
    if (answer.status === 404 || !answer.body.includes('"errors"')) return;
    if (answer.status === 101) {
      expect(answer.body, what).toContain('RATE_LIMITED');
      return;
    }
    expect(answer.status, what).toBe(429);
    expect(answer.headers.ratelimit, what).toBeDefined();
    expect(answer.headers['retry-after'], what).toBeDefined();
  }

  it.each(NAMED_EXAMPLES)('%s%s: never a fresh allowance', async (path, suffix) => {
    for (const transport of ['post', 'get', 'sse', 'websocket'] as const) {
      expectRateLimited(await ask(limited.port, transport, path, suffix, QUERIES[0] ?? ''), `${transport} ${path}${suffix}`);
    }
  });

  it('for generated targets and transports', async () => {
    await fc.assert(
      fc.asyncProperty(anyPath, anySuffix, anyTransport, anyQuery, async (path, suffix, transport, query) => {
        expectRateLimited(await ask(limited.port, transport, path, suffix, query), `${transport} ${path}${suffix}`);
      }),
      { numRuns: 60 },
    );
    // /graphql itself, over each transport, is refused too: the limit was spent there.
    for (const transport of ['post', 'get', 'sse'] as const) {
      const answer = await ask(limited.port, transport, '/graphql', '', QUERIES[0] ?? '');
      expect(answer.status).toBe(429);
      expect(answer.headers.ratelimit).toBeDefined();
    }
    expect(limited.gateway.child.exitCode).toBeNull();
  });
});
