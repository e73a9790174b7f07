/**
 * An interface is a folder: a toy fifth interface (test/gateway/interfaces/toy/: its OpenAPI
 * document, Mesh source block, vendor facts and graph module) joins the four real ones by one
 * registry line, and goes through the same start-up as `npm start` (src/gateway/start-gateway.ts,
 * which src/main.ts runs for the registry) — the build step's Mesh artefact, configuration from
 * its variables, the composed schema, the transport, the shared cache, the fan-out budget, its
 * daily quota and @cost, its paid and admin fields, its live feed, its entity, tracing, `/readyz`,
 * `/metrics` and provenance — with no product file naming it. Each declaration of its folder is asserted here.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { executeCodegen } from '@graphql-codegen/cli';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { parse, printSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { codegenConfig, RESOLVER_TYPES_FILE } from '../../../scripts/codegen-config.js';
import { meshArtifactFiles, syncArtifact } from '../../../scripts/mesh-artifact.js';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { loadConfig } from '../../../src/gateway/config.js';
import { INTERFACES, type Interfaces } from '../../../src/gateway/interfaces/registry.js';
import { silentLogger } from '../../../src/gateway/logger.js';
import type { Drain } from '../../../src/gateway/ops/drain.js';
import { bindEarly } from '../../../src/gateway/ops/listen.js';
import { startGateway } from '../../../src/gateway/start-gateway.js';
import { ROOT } from '../../support/gateway.js';
import { composeSupergraph, federationGateway, serviceSdl } from '../federation/compose.js';
import { listen } from '../federation/http.js';
import { toyInterface } from './toy/interface.js';

/** The registry with the toy's line added, as src/gateway/interfaces/registry.ts would have it. */
const REGISTRY: Interfaces = [...INTERFACES, toyInterface];

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const seen: { path: string; key: string | undefined }[] = [];
/** Polls of a thing's stock; each answers a new count, so each is an event. */
let stockPolls = 0;
let toy: Server;
let artifactDir: string;
let gatewayUrl: string;
let drain: Drain;

beforeAll(async () => {
  provider.register();
  // The toy vendor: a thing per id, as of a day, and a health check for the probe.
  toy = createServer((request, response) => {
    const path = request.url ?? '';
    seen.push({ path, key: request.headers['x-toy-key']?.toString() });
    const thing = /^\/things\/([^/?]+)$/.exec(path);
    if (path === '/health') response.writeHead(204).end();
    else if (/^\/things\/[^/?]+\/stock$/.test(path)) {
      stockPolls += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ count: stockPolls }));
    } else if (/^\/things\/[^/?]+\/owner$/.test(path)) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'Ada' }));
    } else if (thing) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: decodeURIComponent(thing[1] ?? ''), name: 'Widget', date: '2024-03-01' }));
    } else response.writeHead(404).end('no such thing');
  });
  await new Promise<void>((resolve) => toy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(toy.address() as AddressInfo).port}`;

  // The build step, as `npm run build` runs it, for the registry with the toy in it.
  artifactDir = mkdtempSync(join(tmpdir(), 'toy-mesh-'));
  syncArtifact(artifactDir, await meshArtifactFiles(REGISTRY, ROOT), false);

  // Start-up, as `npm start` does it: configuration from each interface's variables (the real
  // four point at a closed port: only the toy is called), then the gateway's start for the registry.
  // Callers by static key: a reader, and an administrator.
  const keysFile = join(artifactDir, 'keys.json');
  const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');
  writeFileSync(
    keysFile,
    JSON.stringify([
      { id: 'reader', sha256: sha256('key-reader'), scopes: [] },
      { id: 'admin', sha256: sha256('key-admin'), scopes: ['admin'] },
    ]),
  );
  const env: Record<string, string> = {
    AUTH_API_KEYS_FILE: keysFile,
    TOY_API_URL: url,
    TOY_API_KEY: 'toy-secret',
    DAILY_QUOTA_TOY: '100',
    MAX_UPSTREAM_CALLS: '2',
    UPSTREAM_TIMEOUT_MS: '2000',
    READINESS_REQUIRES: 'toy',
    READINESS_CACHE_MS: '0',
  };
  for (const { variables } of INTERFACES) env[variables.url] = 'http://127.0.0.1:9';
  const config = loadConfig(env, REGISTRY);
  const bound = await bindEarly('127.0.0.1', 0, { limits: config.http, logger: silentLogger });
  gatewayUrl = `http://127.0.0.1:${bound.address.port}`;
  drain = await startGateway({ config, interfaces: REGISTRY, bound, logger: silentLogger, root: ROOT, meshArtifactDir: artifactDir });
});

afterAll(async () => {
  await drain?.run('SIGTERM');
  await new Promise((resolve) => toy.close(resolve));
  rmSync(artifactDir, { recursive: true, force: true });
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

async function graphql(
  query: string,
  key?: string,
): Promise<{ data?: Record<string, unknown>; errors?: { extensions?: Record<string, unknown> }[]; extensions?: Record<string, unknown> }> {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify({ query }),
  });
  return response.json();
}

/** An SSE subscription: its events' data as they come, and a way to end it. */
async function subscribe(body: string): Promise<{ events(count: number): Promise<Record<string, unknown>[]>; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body,
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const data: Record<string, unknown>[] = [];
  return {
    async events(count) {
      while (data.length < count) {
        const blocks = text.split('\n\n');
        text = blocks.pop() ?? '';
        for (const block of blocks) {
          const line = block.split('\n').find((candidate) => candidate.startsWith('data: '));
          if (block.includes('event: next') && line) data.push((JSON.parse(line.slice(6)) as { data: Record<string, unknown> }).data);
        }
        if (data.length >= count) break;
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended after ${data.length} events`);
        text += decoder.decode(value, { stream: true });
      }
      return data.slice(0, count);
    },
    close: () => controller.abort(),
  };
}

describe('a fifth interface added as a folder and a registry line', () => {
  it('is served through GraphQL, with its key, traced and marked in provenance', async () => {
    exporter.reset();
    const result = await graphql('{ toyThing(id: "a/b") { id name date } }');
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ toyThing: { id: 'a/b', name: 'Widget', date: '2024-03-01' } });
    expect(seen.at(-1)).toEqual({ path: '/things/a%2Fb', key: 'toy-secret' });
    expect(result.extensions?.['provenance']).toEqual([{ interface: 'toy', sandbox: false, generated: false, asOf: '2024-03-01' }]);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toContain('GET toy');
  });

  it('is cached across requests where its folder says the data changes slowly', async () => {
    const before = seen.length;
    await graphql('{ toyThing(id: "cached") { name } }');
    // Another selection of the same record: the upstream's cached answer serves it, not a whole answer kept.
    await graphql('{ toyThing(id: "cached") { id name } }');
    expect(seen.length - before).toBe(1);
  });

  it('is counted by the fan-out budget', async () => {
    const result = await graphql('{ a: toyThing(id: "1") { id } b: toyThing(id: "2") { id } c: toyThing(id: "3") { id } }');
    expect(result.errors?.[0]?.extensions?.['code']).toBe('FAN_OUT_BUDGET_EXCEEDED');
  });

  it("spends the caller's daily quota there per call, and is priced with @cost", async () => {
    const quotaUsed = (result: { extensions?: Record<string, unknown> }): unknown =>
      (result.extensions?.['cost'] as { quota?: Record<string, { used?: number }> } | undefined)?.quota?.['toy']?.used;
    const first = await graphql('{ toyThing(id: "q1") { id } }');
    const second = await graphql('{ toyThing(id: "q2") { id } }');
    expect(first.extensions?.['cost']).toMatchObject({ calls: { toy: 1 }, quota: { toy: { limit: 100 } } });
    expect(quotaUsed(second)).toBe(Number(quotaUsed(first)) + 1);
    const service = await graphql('{ _service { sdl } }');
    expect((service.data?.['_service'] as { sdl: string }).sdl).toMatch(/ toyThing\(id: String!\): ToyThing @cost\(weight: \d+\)/);
  });

  it('is published @authenticated with AUTH_REQUIRED, as its folder declares it paid', async () => {
    const built = await buildGatewaySchema(ROOT, { interfaces: REGISTRY, meshArtifactDir: artifactDir, authRequired: true });
    try {
      expect(printSchemaWithDirectives(built.schema)).toMatch(/ toyThing\(id: String!\): ToyThing @authenticated/);
    } finally {
      built.destroy();
    }
  });

  it('refuses its admin field to a caller without the admin scope, as its folder declares it', async () => {
    const query = '{ toyThingOwner(id: "a") { name } }';
    expect((await graphql(query, 'key-reader')).errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect((await graphql(query)).errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    expect((await graphql(query, 'key-admin')).data).toEqual({ toyThingOwner: { name: 'Ada' } });
  });

  it('polls its live feed once per interval for all the subscribers of one key', async () => {
    const subscription = JSON.stringify({ query: 'subscription { toyStock(id: "live") { count } }' });
    const subscribers = await Promise.all([1, 2, 3].map(() => subscribe(subscription)));
    try {
      const seconds = await Promise.all(subscribers.map((subscriber) => subscriber.events(2)));
      // Two events each, from the first poll and the next one the feed's 400 ms interval brought.
      for (const events of seconds) expect(events.map((event) => event['toyStock'])).toEqual([{ count: 1 }, { count: 2 }]);
      const metrics = await (await fetch(`${gatewayUrl}/metrics`)).text();
      expect(metrics).toMatch(/^gateway_live_keys 1$/m);
    } finally {
      for (const subscriber of subscribers) subscriber.close();
    }
  }, 10_000);

  it('is an entity another subgraph references by key, resolved through _entities, as its folder declares it', async () => {
    // A peer's small service: shelves, each holding one of the toy's things, pointed at by id.
    const shelves = buildSubgraphSchema([
      {
        typeDefs: parse(`
        extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
        type Query { shelves: [Shelf!]! }
        type Shelf @key(fields: "id") { id: ID! thing: ToyThing! }
        type ToyThing @key(fields: "id", resolvable: false) { id: String! }
      `),
        resolvers: {
          Query: { shelves: () => [{ id: 's1', thingId: 'on/shelf' }] },
          Shelf: { thing: (shelf: { thingId: string }) => ({ id: shelf.thingId }) },
        },
      },
    ]);
    const peer = await listen(createYoga({ schema: shelves, landingPage: false, logging: false }));
    try {
      const ours = `${gatewayUrl}/graphql`;
      expect(await serviceSdl(ours)).toMatch(/^type ToyThing @key\(fields: "id"\) \{$/m);
      const federation = federationGateway(
        await composeSupergraph([
          { name: 'gateway', url: ours },
          { name: 'shelves', url: peer.url },
        ]),
      );
      try {
        const before = seen.length;
        const result = await federation.query('{ shelves { id thing { id name date } } }');
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual({ shelves: [{ id: 's1', thing: { id: 'on/shelf', name: 'Widget', date: '2024-03-01' } }] });
        // The thing came from the toy vendor, looked up by the key the peer gave.
        expect(seen.slice(before).map(({ path }) => path)).toEqual(['/things/on%2Fshelf']);
      } finally {
        await federation.close();
      }
    } finally {
      await peer.close();
    }
  }, 30_000);

  it('gets resolver types from codegen, its types resolving from the records its folder declares', async () => {
    const built = await buildGatewaySchema(ROOT, { interfaces: REGISTRY, meshArtifactDir: artifactDir });
    try {
      const { result, error } = await executeCodegen(codegenConfig(printSchema(built.schema), {}, REGISTRY));
      if (error) throw error;
      const types = result.find((file) => file.filename === RESOLVER_TYPES_FILE)?.content ?? '';
      expect(types).toContain("import type { ToyThingWire, ToyStockWire } from '../../../test/gateway/interfaces/toy/wire.js';");
      expect(types).toMatch(/^ {2}ToyThing: ResolverTypeWrapper<ToyThingWire>;$/m);
      expect(types).toMatch(/^ {2}toyStock\?: SubscriptionResolver<Maybe<ResolversTypes\['ToyStock'\]>/m);
    } finally {
      built.destroy();
    }
  }, 30_000);

  it('is probed by /readyz and counted in /metrics', async () => {
    const ready = await fetch(`${gatewayUrl}/readyz`);
    const body: { upstreams: Record<string, { ready: boolean }> } = await ready.json();
    expect(ready.status).toBe(200);
    expect(body.upstreams['toy']).toEqual({ ready: true });
    expect(seen.some(({ path }) => path === '/health')).toBe(true);
    const metrics = await (await fetch(`${gatewayUrl}/metrics`)).text();
    expect(metrics).toMatch(/^gateway_upstream_requests_total\{upstream="toy",method="GET",status_class="2xx"\} [1-9]/m);
    expect(metrics).toMatch(/^gateway_cache_lookups_total\{upstream="toy",result="hit"\} [1-9]/m);
    expect(metrics).toMatch(/^gateway_upstream_circuit_state\{upstream="toy"\} 0$/m);
  });
});
