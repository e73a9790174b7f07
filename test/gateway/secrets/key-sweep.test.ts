/**
 * No configured or client-sent key leaves the gateway: every example operation and a set of
 * mistakes run against all four interfaces, once with upstreams that answer, once with upstreams
 * that echo the credentials they received in their error bodies (as some vendors do), with keys
 * configured and with keys sent by the client. Every response (status line, headers, body) and
 * every log line at every level is searched for every key. Then the callers' own credentials
 * (bearer JWTs checked against a JWKS on loopback, static keys from a file): no token, key or
 * prefix of a key's hash in any answer, log line, metric or span.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GraphQLSchema, type OperationDefinitionNode, parse, print } from 'graphql';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { UPSTREAM_VARIABLES, type UpstreamName } from '../../../src/gateway/config.js';
import { createCounterStore } from '../../../src/gateway/callers/counter-store.js';
import { Identity } from '../../../src/gateway/callers/identity.js';
import { loadIdentitySettings } from '../../../src/gateway/callers/identity-config.js';
import { readCallerLimits } from '../../../src/gateway/callers/caller-limits.js';
import { createLogger, silentLogger } from '../../../src/gateway/logger.js';
import { createGateway } from '../../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../../src/gateway/upstream/upstream-fetch.js';
import { VENDORS } from '../../support/vendors.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { ROOT } from '../../support/gateway.js';

const CONFIGURED: Record<UpstreamName, ResolvedUpstream['credentials']> = {
  'crypto-analytics': { key: 'tm_configured_SWEEP_1a' },
  'blockchain-utility': {},
  address: { key: 'ak_configured_SWEEP_2c', userToken: 'ut_configured_SWEEP_3c' },
  'country-data': { key: 'rc_configured_SWEEP_4d' },
};
const CLIENT_HEADERS: Record<string, string> = {
  'x-crypto-api-key': 'tm_client_SWEEP_5a',
  'x-address-api-key': 'ak_client_SWEEP_6c',
  'x-address-user-token': 'ut_client_SWEEP_7c',
  'x-country-api-key': 'rc_client_SWEEP_8d',
};
const KEYS = [
  ...Object.values(CONFIGURED).flatMap((credentials) => [credentials.key, credentials.userToken]),
  ...Object.values(CLIENT_HEADERS),
].filter((key): key is string => typeof key === 'string');

const MISTAKES = [
  '{ country(code: "ZZ") { names { common } } }',
  '{ tokens(limit: 0) { symbol } }',
  'query Q($code: CountryCode!) { country(code: $code) { population } }',
  '{ countries(limit: 2) { nodes { nope } } }',
  '{ emailValidation(email: "nobody@example.com") { result } }',
];

const examples = readdirSync(join(ROOT, 'test', 'examples'))
  .filter((file) => file.endsWith('.graphql'))
  .flatMap((file) =>
    parse(readFileSync(join(ROOT, 'test', 'examples', file), 'utf8'))
      .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')
      .map((operation) => print(operation)),
  );

/** In front of a sandbox: swaps the gateway's credentials for the sandbox's own, or echoes them in a failure. */
interface EchoProxy {
  url: string;
  echo: boolean;
  /** Credential header values the proxy received, to show the keys were in play. */
  seen: string[];
  close(): Promise<void>;
}

async function startEchoProxy(
  name: UpstreamName,
  sandbox: RunningSandbox,
  sandboxCredentials: ResolvedUpstream['credentials'],
): Promise<EchoProxy> {
  const target = new URL(sandbox.url);
  const authNames = Object.keys(VENDORS[name].authHeaders({ key: 'k', userToken: 't' }));
  const proxy: EchoProxy = { url: '', echo: false, seen: [], close: async () => undefined };
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(Buffer.from(chunk as Buffer));
    const received = authNames.map((header) => String(request.headers[header] ?? ''));
    proxy.seen.push(...received);
    if (proxy.echo) {
      const echoed = `Invalid credentials: ${authNames.map((header, index) => `${header}=${received[index]}`).join(' ')}`;
      const status = request.url?.includes('o') ? 401 : 500;
      response.writeHead(status, { 'content-type': 'application/json', 'x-echo': received.join(',') });
      response.end(JSON.stringify({ message: echoed, code: echoed, errors: [{ message: echoed }] }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [header, value] of Object.entries(request.headers))
      if (typeof value === 'string' && header !== 'host') headers[header] = value;
    Object.assign(headers, VENDORS[name].authHeaders(sandboxCredentials));
    const forwarded = await fetch(`${target.origin}${target.pathname.replace(/\/$/, '')}${request.url ?? ''}`, {
      method: request.method ?? 'GET',
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    response.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await forwarded.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return proxy;
}

const logLines: string[] = [];
const outputs: string[] = [];
const proxies: EchoProxy[] = [];
const sandboxes: RunningSandbox[] = [];
let yoga: ReturnType<typeof createGateway>;
let schema: GraphQLSchema;
let gatewayUpstreams: ResolvedUpstream[];
let destroyMesh: () => void;
let dataRoot: string;

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'gateway-sweep-'));
  const upstreams: ResolvedUpstream[] = [];
  for (const entry of SANDBOXES) {
    const sandbox = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream), clock: () => new Date() }));
    sandboxes.push(sandbox);
    const proxy = await startEchoProxy(entry.upstream, sandbox, entry.credentials);
    proxies.push(proxy);
    upstreams.push({
      name: entry.upstream,
      url: `${proxy.url}${new URL(sandbox.url).pathname.replace(/\/$/, '')}`,
      credentials: CONFIGURED[entry.upstream],
      vendor: VENDORS[entry.upstream],
    });
  }
  gatewayUpstreams = upstreams;
  const built = await buildGatewaySchema(ROOT);
  ({ schema } = built);
  destroyMesh = built.destroy;
  yoga = createGateway({
    schema,
    upstreams,
    upstreamTimeoutMs: 5000,
    cacheTtlMs: 0,
    logger: createLogger('trace', { write: (line) => logLines.push(line) }),
    upstreamSettings: { maxAttempts: 1 },
  });
});

afterAll(async () => {
  destroyMesh();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Runs every operation, with and without the client's own keys, keeping everything that came back. */
async function runAll(): Promise<{ codes: unknown[] }> {
  const codes: unknown[] = [];
  for (const query of [...examples, ...MISTAKES]) {
    for (const clientKeys of [false, true]) {
      const response = await yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(clientKeys ? CLIENT_HEADERS : {}) },
        body: JSON.stringify({ query, variables: { code: 'not a code' } }),
      });
      const text = await response.text();
      outputs.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
      const body: { errors?: { extensions?: { code?: unknown } }[] } = JSON.parse(text);
      codes.push(...(body.errors ?? []).map((error) => error.extensions?.code));
    }
  }
  return { codes };
}

describe('keys never leave the gateway', () => {
  it('with upstreams that answer', async () => {
    await runAll();
    expect(proxies.flatMap((proxy) => proxy.seen).some((value) => KEYS.some((key) => value.includes(key)))).toBe(true);
  });

  it('with upstreams that echo the credentials they received in their failures', async () => {
    for (const proxy of proxies) proxy.echo = true;
    const { codes } = await runAll();
    expect(codes).toEqual(expect.arrayContaining(['UNAUTHENTICATED', 'UPSTREAM_ERROR']));
  });

  it('in no response and no log line', () => {
    expect(outputs.length).toBeGreaterThan(50);
    expect(logLines.length).toBeGreaterThan(50);
    for (const key of KEYS) {
      expect(outputs.filter((output) => output.includes(key))).toEqual([]);
      expect(logLines.filter((line) => line.includes(key))).toEqual([]);
    }
  });
});

describe("callers' credentials never leave the gateway", () => {
  const ISSUER = 'https://id.sweep.test/';
  const AUDIENCE = 'sweep-gateway';
  const STATIC_KEYS = { reader: 'gwk_reader_SWEEP_9x', admin: 'gwk_admin_SWEEP_10x', unknown: 'gwk_unknown_SWEEP_11x' };
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const lines: string[] = [];
  const answers: string[] = [];
  const secrets: string[] = [];
  let jwks: Server;
  let gateway: ReturnType<typeof createGateway>;
  let tokens: string[] = [];

  beforeAll(async () => {
    provider.register();
    const [signing, stranger] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
    const published = { keys: [{ ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
    jwks = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(published)),
    );
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const sign = (key: CryptoKey, claims: Record<string, unknown>, audience = AUDIENCE) =>
      new SignJWT({ sub: 'sweep-user', scope: 'read', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    // Accepted, signed by a stranger, for another audience, expired: each refusal is logged and answered.
    tokens = await Promise.all([
      sign(signing.privateKey, { scope: 'read write admin' }),
      sign(stranger.privateKey, {}),
      sign(signing.privateKey, {}, 'someone-else'),
      sign(signing.privateKey, { exp: Math.floor(Date.now() / 1000) - 600 }),
    ]);
    const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');
    writeFileSync(
      join(dataRoot, 'caller-keys.json'),
      JSON.stringify([
        { id: 'sweep-reader', sha256: sha256(STATIC_KEYS.reader), scopes: ['read'] },
        { id: 'sweep-admin', sha256: sha256(STATIC_KEYS.admin), scopes: ['admin', 'write'] },
      ]),
    );
    // The tokens, their signatures (a token cut short still carries one), every key and the first 8 hex digits of its hash.
    secrets.push(...tokens, ...tokens.map((token) => token.split('.')[2] ?? ''));
    for (const key of Object.values(STATIC_KEYS)) secrets.push(key, sha256(key).slice(0, 8));
    const settings = loadIdentitySettings(
      {
        AUTH_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
        AUTH_ISSUER: ISSUER,
        AUTH_AUDIENCE: AUDIENCE,
        AUTH_API_KEYS_FILE: join(dataRoot, 'caller-keys.json'),
      },
      UPSTREAM_VARIABLES,
    );
    gateway = createGateway({
      schema,
      upstreams: gatewayUpstreams,
      upstreamTimeoutMs: 5000,
      cacheTtlMs: 0,
      logger: createLogger('trace', { write: (line) => lines.push(line) }),
      upstreamSettings: { maxAttempts: 1 },
      identity: new Identity(settings),
      callerLimits: {
        settings: readCallerLimits({ DAILY_QUOTA_ADDRESS: '1000' }, UPSTREAM_VARIABLES),
        counters: createCounterStore({ logger: silentLogger }),
      },
    });
  });

  afterAll(async () => {
    await provider.shutdown();
    await new Promise<void>((resolve) => jwks.close(() => resolve()));
  });

  it('in no answer, log line, metric or span, whether the credential is accepted or refused', async () => {
    for (const proxy of proxies) proxy.echo = false;
    const credentials: Record<string, string>[] = [
      ...tokens.map((token) => ({ authorization: `Bearer ${token}` })),
      { authorization: `Bearer ${tokens[0]?.slice(0, -5) ?? ''}` },
      ...Object.values(STATIC_KEYS).map((key) => ({ 'x-api-key': key })),
      { 'x-api-key': STATIC_KEYS.reader, authorization: `Bearer ${tokens[0] ?? ''}` },
    ];
    const operations = [
      ...examples.slice(0, 6),
      ...MISTAKES,
      '{ apiKeyDetails(key: "iddqd") { __typename } }',
      '{ __schema { queryType { name } } }',
    ];
    for (const headers of credentials) {
      for (const query of operations) {
        const response = await gateway.fetch('http://gateway.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ query, variables: { code: 'not a code' } }),
        });
        answers.push(`${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`);
      }
    }
    const metrics = await (await gateway.fetch('http://gateway.test/metrics')).text();
    const spans = exporter
      .getFinishedSpans()
      .map((span) => JSON.stringify([span.name, span.attributes, span.events, span.status, span.links]));
    expect(answers.some((answer) => answer.startsWith('401'))).toBe(true);
    expect(answers.some((answer) => answer.startsWith('200'))).toBe(true);
    expect(lines.length).toBeGreaterThan(20);
    expect(spans.length).toBeGreaterThan(20);
    expect(metrics).toContain('gateway_graphql_operations_total');
    for (const secret of secrets.filter(Boolean)) {
      expect(answers.filter((answer) => answer.includes(secret))).toEqual([]);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(metrics.includes(secret), secret).toBe(false);
      expect(spans.filter((span) => span.includes(secret))).toEqual([]);
    }
  });
});
