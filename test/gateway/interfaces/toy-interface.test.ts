/**
 * An interface is a folder: a toy fifth interface (test/gateway/interfaces/toy/: its OpenAPI
 * document, Mesh source block, vendor facts and graph module) joins the four real ones by one
 * registry line, and goes through the same code paths as they do — the build step's Mesh
 * artefact, configuration from its variables, the composed schema, the transport, the shared
 * cache, the fan-out budget, tracing, `/readyz`, `/metrics` and provenance — with no product
 * file naming it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meshArtifactFiles, syncArtifact } from '../../../scripts/mesh-artifact.js';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { loadConfig } from '../../../src/gateway/config.js';
import { DEFAULT_LIMITS } from '../../../src/gateway/http/limits-config.js';
import { INTERFACES, type Interfaces } from '../../../src/gateway/interfaces/registry.js';
import { GatewayMetrics } from '../../../src/gateway/ops/metrics.js';
import { probeUpstreams } from '../../../src/gateway/ops/readiness.js';
import { createGateway } from '../../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../../src/gateway/upstream/upstream-fetch.js';
import { UpstreamTransport } from '../../../src/gateway/upstream/upstream-transport.js';
import { ROOT } from '../../support/gateway.js';
import { toyInterface } from './toy/interface.js';

/** The registry with the toy's line added, as src/gateway/interfaces/registry.ts would have it. */
const REGISTRY: Interfaces = [...INTERFACES, toyInterface];

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const seen: { path: string; key: string | undefined }[] = [];
let toy: Server;
let artifactDir: string;
let yoga: ReturnType<typeof createGateway>;
let destroy: () => void;
let transport: UpstreamTransport;

beforeAll(async () => {
  provider.register();
  // The toy vendor: a thing per id, as of a day, and a health check for the probe.
  toy = createServer((request, response) => {
    const path = request.url ?? '';
    seen.push({ path, key: request.headers['x-toy-key']?.toString() });
    const thing = /^\/things\/([^/?]+)$/.exec(path);
    if (path === '/health') response.writeHead(204).end();
    else if (thing) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: decodeURIComponent(thing[1] ?? ''), name: 'Widget', date: '2024-03-01' }));
    } else response.writeHead(404).end('no such thing');
  });
  await new Promise<void>((resolve) => toy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(toy.address() as AddressInfo).port}`;

  // The build step, as `npm run build` runs it, for the registry with the toy in it.
  artifactDir = mkdtempSync(join(tmpdir(), 'toy-mesh-'));
  syncArtifact(artifactDir, await meshArtifactFiles(REGISTRY, ROOT), false);

  // Start-up, as the composition root does it: configuration from each interface's variables
  // (the real four point at a closed port: only the toy is called), resolved upstreams, one transport.
  const env: Record<string, string> = { TOY_API_URL: url, TOY_API_KEY: 'toy-secret' };
  for (const { variables } of INTERFACES) env[variables.url] = 'http://127.0.0.1:9';
  const config = loadConfig(env, REGISTRY);
  const upstreams: ResolvedUpstream[] = REGISTRY.map(({ name, vendor }) => {
    const configured = config.upstreams[name];
    return { name, url: configured.url ?? '', credentials: { key: configured.key, userToken: configured.userToken }, vendor };
  });
  const built = await buildGatewaySchema(ROOT, { interfaces: REGISTRY, meshArtifactDir: artifactDir });
  destroy = built.destroy;
  const metrics = new GatewayMetrics((): ReturnType<UpstreamTransport['breakerStates']> => transport.breakerStates());
  transport = new UpstreamTransport({ timeoutMs: 2_000, observer: metrics, upstreams: upstreams.map(({ name }) => name) });
  yoga = createGateway({
    schema: built.schema,
    upstreams,
    transport,
    metrics,
    upstreamTimeoutMs: 2_000,
    cacheTtlMs: 60_000,
    limits: { ...DEFAULT_LIMITS, maxUpstreamCalls: 2 },
    sandboxUpstreams: [toyInterface.name],
    readiness: {
      provider: probeUpstreams(upstreams, { timeoutMs: 1_000, cacheMs: 0 }),
      isDraining: () => false,
      requires: [toyInterface.name],
    },
  });
});

afterAll(async () => {
  destroy();
  await transport.close();
  await new Promise((resolve) => toy.close(resolve));
  rmSync(artifactDir, { recursive: true, force: true });
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

async function graphql(
  query: string,
): Promise<{ data?: Record<string, unknown>; errors?: { extensions?: Record<string, unknown> }[]; extensions?: Record<string, unknown> }> {
  const response = await yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  return response.json();
}

describe('a fifth interface added as a folder and a registry line', () => {
  it('is served through GraphQL, with its key, traced and marked in provenance', async () => {
    exporter.reset();
    const result = await graphql('{ toyThing(id: "a/b") { id name date } }');
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ toyThing: { id: 'a/b', name: 'Widget', date: '2024-03-01' } });
    expect(seen.at(-1)).toEqual({ path: '/things/a%2Fb', key: 'toy-secret' });
    expect(result.extensions?.['provenance']).toEqual([{ interface: 'toy', sandbox: true, generated: false, asOf: '2024-03-01' }]);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toContain('GET toy');
  });

  it('is cached across requests where its folder says the data changes slowly', async () => {
    const before = seen.length;
    await graphql('{ toyThing(id: "cached") { name } }');
    await graphql('{ toyThing(id: "cached") { name } }');
    expect(seen.length - before).toBe(1);
  });

  it('is counted by the fan-out budget', async () => {
    const result = await graphql('{ a: toyThing(id: "1") { id } b: toyThing(id: "2") { id } c: toyThing(id: "3") { id } }');
    expect(result.errors?.[0]?.extensions?.['code']).toBe('FAN_OUT_BUDGET_EXCEEDED');
  });

  it('is probed by /readyz and counted in /metrics', async () => {
    const ready = await yoga.fetch('http://gateway.test/readyz');
    const body: { upstreams: Record<string, { ready: boolean }> } = await ready.json();
    expect(ready.status).toBe(200);
    expect(body.upstreams['toy']).toEqual({ ready: true });
    expect(seen.some(({ path }) => path === '/health')).toBe(true);
    const metrics = await (await yoga.fetch('http://gateway.test/metrics')).text();
    expect(metrics).toMatch(/^gateway_upstream_requests_total\{upstream="toy",method="GET",status_class="2xx"\} [1-9]/m);
    expect(metrics).toMatch(/^gateway_cache_lookups_total\{upstream="toy",result="hit"\} [1-9]/m);
    expect(metrics).toMatch(/^gateway_upstream_circuit_state\{upstream="toy"\} 0$/m);
  });
});
