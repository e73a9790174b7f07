/**
 * GraphQL over WebSocket against a real gateway on node:http (port 0) and the real sandboxes,
 * with the real `graphql-ws` client: queries and subscriptions relayed through the gateway's own
 * request path (so they get HTTP's codes and limits), the protocol's own guards (init timeout,
 * payload cap, origins), a departed client's operations freed, and the drain's clean close.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient, type FormattedExecutionResult } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { Identity } from '../../../src/gateway/callers/identity.js';
import { loadIdentitySettings } from '../../../src/gateway/callers/identity-config.js';
import { DEFAULT_LIMITS } from '../../../src/gateway/http/limits-config.js';
import { DEFAULT_LIVE_SETTINGS } from '../../../src/gateway/live/live-settings.js';
import { type GraphqlWs, attachGraphqlWs } from '../../../src/gateway/ops/websocket.js';
import { createGateway, createPollRegistry } from '../../../src/gateway/server.js';
import type { PollRegistry } from '../../../src/gateway/live/poll-registry.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { silentLogger } from '../../../src/gateway/logger.js';
import { ROOT } from '../../support/gateway.js';
import { sandboxUpstreams } from '../../support/vendors.js';
import { UPSTREAM_VARIABLES } from '../../../src/gateway/config.js';

const MAX_PAYLOAD_BYTES = 20_000;
const INIT_TIMEOUT_MS = 300;

const API_KEY = 'ws-test-key-0123456789abcdef';

let server: Server;
let ws: GraphqlWs;
/** A second gateway that requires credentials (AUTH_REQUIRED with static keys). */
let guarded: { server: Server; ws: GraphqlWs; url: string };
let registry: PollRegistry;
let url: string;
let sandboxes: RunningSandbox[] = [];
let destroy: () => void = () => undefined;
const dataRoot = mkdtempSync(join(tmpdir(), 'websocket-test-'));
const clients: Client[] = [];

/** What the client yields for each `next`. */
type Result = FormattedExecutionResult<Record<string, unknown>, unknown>;

beforeAll(async () => {
  sandboxes = await Promise.all(SANDBOXES.map((entry) => startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream) }))));
  const built = await buildGatewaySchema(ROOT);
  destroy = built.destroy;
  const upstreams = sandboxUpstreams(sandboxes);
  // One subscription per connection, so the limit's refusal is easy to reach; polls every 200 ms.
  const liveSettings = {
    ...DEFAULT_LIVE_SETTINGS,
    intervalsMs: { ...DEFAULT_LIVE_SETTINGS.intervalsMs, stablecoin: 200 },
    maxPerConnection: 1,
  };
  // Ours, so a test can see the upstream polls a departed client leaves behind.
  registry = createPollRegistry({ settings: liveSettings });
  const yoga = createGateway({
    schema: built.schema,
    upstreams,
    upstreamTimeoutMs: 10_000,
    cacheTtlMs: 60_000,
    limits: DEFAULT_LIMITS,
    live: { settings: liveSettings, registry },
  });
  server = createServer(yoga);
  ws = attachGraphqlWs(server, yoga, {
    maxPayloadBytes: MAX_PAYLOAD_BYTES,
    connectionInitTimeoutMs: INIT_TIMEOUT_MS,
    keepAliveMs: 1_000,
    logger: silentLogger,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;

  const keysFile = join(dataRoot, 'keys.json');
  writeFileSync(keysFile, JSON.stringify([{ id: 'ws', sha256: createHash('sha256').update(API_KEY).digest('hex'), scopes: [] }]));
  const identity = new Identity(loadIdentitySettings({ AUTH_REQUIRED: 'true', AUTH_API_KEYS_FILE: keysFile }, UPSTREAM_VARIABLES));
  const guardedYoga = createGateway({ schema: built.schema, upstreams, upstreamTimeoutMs: 10_000, cacheTtlMs: 60_000, identity });
  const guardedServer = createServer(guardedYoga);
  const guardedWs = attachGraphqlWs(guardedServer, guardedYoga, { maxPayloadBytes: MAX_PAYLOAD_BYTES, logger: silentLogger });
  await new Promise<void>((resolve) => guardedServer.listen(0, '127.0.0.1', resolve));
  guarded = { server: guardedServer, ws: guardedWs, url: `ws://127.0.0.1:${(guardedServer.address() as AddressInfo).port}/graphql` };
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

afterAll(async () => {
  for (const running of [{ server, ws }, guarded]) {
    await running.ws.close();
    running.server.closeAllConnections();
    await new Promise<void>((resolve) => running.server.close(() => resolve()));
  }
  destroy();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

function connect(connectionParams?: Record<string, string>, at = url): Client {
  const client = createClient({
    url: at,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
    ...(connectionParams ? { connectionParams } : {}),
  });
  clients.push(client);
  return client;
}

/** Every message of one operation: its results, or the errors of an `error` message (thrown by the client). */
async function run(client: Client, query: string, variables?: Record<string, unknown>): Promise<Result[]> {
  const results: Result[] = [];
  for await (const result of client.iterate({ query, ...(variables ? { variables } : {}) })) results.push(result);
  return results;
}

/** The errors graphql-ws's client throws for an `error` message. */
async function refusal(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ message: string; extensions?: Record<string, unknown> }[]> {
  try {
    await run(client, query, variables);
  } catch (error) {
    if (Array.isArray(error)) return error as { message: string; extensions?: Record<string, unknown> }[];
    throw error;
  }
  throw new Error('the operation was not refused');
}

/** A raw WebSocket speaking graphql-transport-ws, for what the client library would not send. */
function rawSocket(headers: Record<string, string> = {}): WebSocket {
  return new WebSocket(url, 'graphql-transport-ws', { headers });
}

function closeOf(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

async function until(condition: () => boolean, withinMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('queries over WebSocket', () => {
  it('answers a query with the same data as HTTP, in one `next` and a `complete`', async () => {
    const results = await run(connect(), '{ country(code: "FR") { names { common } currencies { code } } }');
    expect(results).toHaveLength(1);
    expect(results[0]?.data).toEqual({ country: { names: { common: 'France' }, currencies: [{ code: 'EUR' }] } });
    // The extensions an HTTP answer carries come along too.
    expect(results[0]?.extensions).toHaveProperty('provenance');
  });

  it('refuses a variable that does not coerce with an `error` message coded BAD_USER_INPUT', async () => {
    const errors = await refusal(connect(), 'query ($code: CountryCode!) { country(code: $code) { names { common } } }', { code: 12 });
    expect(errors[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses an unknown field with GRAPHQL_VALIDATION_FAILED and an operation over a limit with its code', async () => {
    const client = connect();
    expect((await refusal(client, '{ country(code: "FR") { nope } }'))[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const aliases = Array.from({ length: DEFAULT_LIMITS.maxAliases + 1 }, (_, index) => `a${index}: country(code: "FR") { code }`);
    const errors = await refusal(client, `{ ${aliases.join(' ')} }`);
    expect(errors.find((error) => error.extensions?.code === 'MAX_ALIASES_EXCEEDED')?.message).toContain('MAX_ALIASES');
  });
});

describe('callers over WebSocket', () => {
  it('refuses an operation without credentials where they are required, with UNAUTHENTICATED', async () => {
    const errors = await refusal(connect(undefined, guarded.url), '{ country(code: "FR") { code } }');
    expect(errors[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(errors[0]?.message).toContain('needs credentials');
  });

  it('takes the key from the connection params, which stand for the headers a browser cannot set', async () => {
    const results = await run(connect({ 'x-api-key': API_KEY }, guarded.url), '{ country(code: "FR") { code } }');
    expect(results[0]?.data).toEqual({ country: { code: 'FR' } });
    const refused = await refusal(connect({ 'x-api-key': 'not-the-key' }, guarded.url), '{ country(code: "FR") { code } }');
    expect(refused[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('the protocol guards', () => {
  it('closes a connection that never sends connection_init with 4408', async () => {
    const socket = rawSocket();
    expect((await closeOf(socket)).code).toBe(4408);
  });

  it('cuts a client that stops answering pings', async () => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { autoPong: false });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    const started = Date.now();
    expect((await closeOf(socket)).code).toBe(1006);
    // Pinged after one interval (1 s here), cut at the next.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('closes a connection whose message is larger than MAX_REQUEST_BYTES with 1009', async () => {
    const socket = rawSocket();
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = closeOf(socket);
    socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(MAX_PAYLOAD_BYTES) } }));
    expect((await closed).code).toBe(1009);
  });

  it('refuses an upgrade from a page on an origin CORS does not allow, and a path other than /graphql', async () => {
    const statusOf = (socket: WebSocket): Promise<number> =>
      new Promise((resolve) => socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)));
    expect(await statusOf(rawSocket({ origin: 'https://elsewhere.example' }))).toBe(403);
    expect(await statusOf(new WebSocket(url.replace('/graphql', '/other'), 'graphql-transport-ws'))).toBe(404);
  });
});

describe('subscriptions over WebSocket', () => {
  it("streams a subscription's events, and stops its poll when the client completes it on an open connection", async () => {
    const socket = rawSocket();
    const messages: { type: string; id?: string; payload?: unknown }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as { type: string; id?: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await until(() => messages.some((message) => message.type === 'connection_ack'));
    socket.send(JSON.stringify({ id: 'one', type: 'subscribe', payload: { query: 'subscription { stablecoinState { reserveRatio } }' } }));
    await until(() => messages.some((message) => message.type === 'next'));
    expect(messages.find((message) => message.type === 'next')?.payload).toMatchObject({ data: { stablecoinState: {} } });
    expect(registry.keyCount).toBe(1);
    socket.send(JSON.stringify({ id: 'one', type: 'complete' }));
    await until(() => ws.stats().operations === 0 && registry.keyCount === 0);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('refuses a subscription argument that does not coerce, and one over the connection limit, with their codes', async () => {
    const client = connect();
    const badArgument = await refusal(client, 'subscription ($to: CurrencyCode!) { exchangeRate(from: "USD", to: $to) }', {
      to: 'not a code',
    });
    expect(badArgument[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const first = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { stablecoinState { reserveRatio } }' },
        { next: () => resolve(), error: reject, complete: () => undefined },
      );
    });
    await first;
    const overLimit = await refusal(client, 'subscription { stablecoinState { sigUsdPrice } }');
    expect(overLimit[0]?.extensions?.code).toBe('SUBSCRIPTION_LIMIT_EXCEEDED');
  });

  it('frees what a client held once it goes away', async () => {
    const client = connect();
    const seen = new Promise<void>((resolve) => {
      client.subscribe(
        { query: 'subscription { stablecoinState { reserveRatio } }' },
        { next: () => resolve(), error: () => resolve(), complete: () => undefined },
      );
    });
    await seen;
    // The previous test's client may still be leaving: wait until only this one is held.
    await until(() => ws.stats().connections === 1 && ws.stats().operations === 1);
    expect(registry.keyCount).toBe(1);
    await client.dispose();
    await until(() => ws.stats().connections === 0 && ws.stats().operations === 0);
    // The relayed stream was cancelled, so the subscription's iterator returned and its poll stopped.
    await until(() => registry.keyCount === 0);
  });
});

describe('the drain', () => {
  it('completes every operation, then closes the connection with 1001 and refuses new upgrades', async () => {
    const socket = rawSocket();
    const messages: { type: string; id?: string }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as { type: string; id?: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await until(() => messages.some((message) => message.type === 'connection_ack'));
    socket.send(JSON.stringify({ id: 'live', type: 'subscribe', payload: { query: 'subscription { stablecoinState { reserveRatio } }' } }));
    await until(() => messages.some((message) => message.type === 'next'));
    const closed = closeOf(socket);
    await ws.close();
    expect(await closed).toEqual({ code: 1001, reason: 'Going away' });
    expect(messages.at(-1)).toEqual({ id: 'live', type: 'complete' });
    expect(ws.stats()).toEqual({ connections: 0, operations: 0 });
    const refused = rawSocket();
    expect(await new Promise((resolve) => refused.once('unexpected-response', (_request, response) => resolve(response.statusCode)))).toBe(
      503,
    );
  });
});
