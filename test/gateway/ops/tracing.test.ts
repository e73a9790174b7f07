/**
 * OpenTelemetry: a SERVER span per GraphQL request named after its operation, an INTERNAL span
 * per upstream call and a CLIENT span per HTTP exchange beneath it, W3C `traceparent` sent to
 * the upstreams and honoured from the caller; and the real process exporting over OTLP/HTTP to
 * a collector on loopback when OTEL_EXPORTER_OTLP_ENDPOINT is set. The provider is registered
 * as the gateway's own is, without an ambient context manager: every parent is passed on by the
 * gateway, on Yoga's path and on the fast path (node:http) alike.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../../src/gateway/context.js';
import { loadConfig } from '../../../src/gateway/config.js';
import { createGatewayServer } from '../../../src/gateway/server.js';
import type { RootSampling } from '../../../src/gateway/ops/tracing/root-sampling.js';
import { spawnGateway } from './gateway-process.js';
import { ROOT } from '../../support/gateway.js';
import { VENDORS } from '../../support/vendors.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let upstream: Server;
let upstreamUrl = '';
const traceparents: string[] = [];

beforeAll(async () => {
  provider.register({ contextManager: null });
  upstream = createServer((request, response) => {
    traceparents.push(String(request.headers.traceparent ?? ''));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
  await new Promise((resolve) => upstream.close(resolve));
});

function gatewayServer(rootSampling?: RootSampling) {
  const schema = makeExecutableSchema<GatewayContext>({
    typeDefs: 'type Query { countries: Boolean, addresses: Boolean, keyDetails: Boolean, broken: Boolean }',
    resolvers: {
      Query: {
        countries: async (_root, _args, { upstream }) =>
          (await upstream.get<{ ok: boolean }>('country-data', '/countries', { api_key: 'secret' })).ok,
        // A path C does not document, so the stub's body is not held to C's documented shape.
        addresses: async (_root, _args, { upstream }) => (await upstream.get<{ ok: boolean }>('address', '/probe')).ok,
        keyDetails: async (_root, _args, { upstream }) =>
          (await upstream.get<{ ok: boolean }>('address', '/keys/{key}/details', { key: 'ak_path_SECRET_9c' })).ok,
        // An answer with an error: the fast path hands it to Yoga's path to be answered.
        broken: async (_root, _args, { upstream }) => {
          await upstream.get('country-data', '/countries');
          throw new Error('broken on purpose');
        },
      },
    },
  });
  return createGatewayServer({
    schema,
    upstreams: [
      { name: 'country-data', url: `${upstreamUrl}/d`, credentials: { key: 'k' }, vendor: VENDORS['country-data'] },
      { name: 'address', url: `${upstreamUrl}/c`, credentials: { key: 'k' }, vendor: VENDORS.address },
    ],
    upstreamTimeoutMs: 2_000,
    cacheTtlMs: 0,
    ...(rootSampling ? { rootSampling } : {}),
  });
}

async function post(
  headers: Record<string, string> = {},
  query = 'query Both { countries addresses }',
  rootSampling?: RootSampling,
): Promise<Response> {
  return gatewayServer(rootSampling).yoga.fetch(
    new Request('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    }),
  );
}

/** The same request through node:http, where the fast path takes it. */
async function postOverHttp(
  headers: Record<string, string> = {},
  query = 'query Both { countries addresses }',
  rootSampling?: RootSampling,
): Promise<Response> {
  const { listener }: { listener: RequestListener } = gatewayServer(rootSampling);
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });
    await response.clone().arrayBuffer();
    return response;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Each test that runs on both: Yoga's path, and the fast path over node:http. */
const BOTH_PATHS = [
  ['Yoga', post],
  ['the fast path', postOverHttp],
] as const;

/** The finished spans once the span ended on the response's `close` is in. */
async function finishedSpans(count: number) {
  for (let tries = 0; exporter.getFinishedSpans().length < count && tries < 50; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return exporter.getFinishedSpans();
}

describe('spans', () => {
  it.each(BOTH_PATHS)(
    'nest upstream calls and exchanges under the operation span, and send its trace to the upstreams (%s)',
    async (_path, send) => {
      exporter.reset();
      traceparents.length = 0;
      expect(await (await send()).json()).toMatchObject({ data: { countries: true, addresses: true } });
      // Two exchanges, two calls and the operation.
      const spans = await finishedSpans(5);
      const operation = spans.find((span) => span.name === 'query Both');
      expect(operation?.attributes['graphql.operation.name']).toBe('Both');
      const traceId = operation?.spanContext().traceId;
      const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
      const ancestors = (spanId: string | undefined): string[] => {
        const names: string[] = [];
        for (let span = spanId ? byId.get(spanId) : undefined; span; span = byId.get(span.parentSpanContext?.spanId ?? ''))
          names.push(span.name);
        return names;
      };
      const exchanges = spans.filter((span) => span.name === 'GET country-data' || span.name === 'GET address');
      expect(exchanges).toHaveLength(2);
      for (const exchange of exchanges) {
        expect(exchange.spanContext().traceId).toBe(traceId);
        expect(ancestors(exchange.spanContext().spanId).at(-1)).toBe('query Both');
        expect(ancestors(exchange.spanContext().spanId)[1]).toMatch(/^upstream (country-data \/d\/countries|address \/c\/probe)$/);
        expect(String(exchange.attributes['url.full'])).not.toContain('secret');
        expect(exchange.attributes['http.response.status_code']).toBe(200);
      }
      expect(traceparents).toHaveLength(2);
      for (const header of traceparents) expect(header.split('-')[1]).toBe(traceId);
    },
  );

  it("carry a key that travels in the path (C's /keys/{key}) as [redacted], in span names and url.full", async () => {
    exporter.reset();
    await post({}, 'query Key { keyDetails }');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toContain('upstream address /c/keys/[redacted]/details');
    const exchange = spans.find((span) => span.name === 'GET address');
    expect(exchange?.attributes['url.full']).toBe(`${upstreamUrl}/c/keys/[redacted]/details`);
    expect(JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events, span.status]))).not.toContain('SECRET');
  });

  it("continue the caller's trace from its traceparent", async () => {
    exporter.reset();
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    await post({ traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` });
    const operation = exporter.getFinishedSpans().find((span) => span.name === 'query Both');
    expect(operation?.spanContext().traceId).toBe(callerTrace);
    expect(operation?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it.each(BOTH_PATHS)(
    "record nothing for a request the caller's trace did not sample, and pass that trace on unsampled (%s)",
    async (_path, send) => {
      exporter.reset();
      traceparents.length = 0;
      const callerTrace = '0af7651916cd43dd8448eb211c80319c';
      // The SDK's default sampler follows its parent: the caller's flags 00 sample nothing below it.
      expect(await (await send({ traceparent: `00-${callerTrace}-b7ad6b7169203331-00` })).json()).toMatchObject({
        data: { countries: true },
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // No span at all: no upstream call starts a trace of its own beside the caller's.
      expect(exporter.getFinishedSpans()).toEqual([]);
      expect(traceparents).toHaveLength(2);
      for (const header of traceparents) expect(header).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-00$`));
    },
  );

  it('keep one server span for a request the fast path hands to Yoga with its result', async () => {
    exporter.reset();
    const answer = (await (await postOverHttp({}, 'query Broken { broken }')).json()) as { errors?: unknown[] };
    expect(answer.errors).toHaveLength(1);
    const spans = await finishedSpans(3);
    const servers = spans.filter((span) => span.kind === SpanKind.SERVER);
    expect(servers.map((span) => span.name)).toEqual(['query Broken']);
    const exchange = spans.find((span) => span.name === 'GET country-data');
    expect(exchange?.spanContext().traceId).toBe(servers[0]?.spanContext().traceId);
  });
});

describe("the gateway's root sampling (OTEL_TRACES_SAMPLER decided before the SDK)", () => {
  /** A decision that counts how often it is asked. */
  function counted(decision: boolean): RootSampling & { asked: number } {
    const sampling = Object.assign(
      () => {
        sampling.asked += 1;
        return decision;
      },
      { asked: 0 },
    );
    return sampling;
  }

  it.each(BOTH_PATHS)(
    'records nothing for a root it decides against, without asking the SDK, and gives its calls one unsampled trace (%s)',
    async (_path, send) => {
      exporter.reset();
      traceparents.length = 0;
      const sampling = counted(false);
      expect(await (await send({}, undefined, sampling)).json()).toMatchObject({ data: { countries: true, addresses: true } });
      expect(await (await send({}, undefined, sampling)).json()).toMatchObject({ data: { countries: true, addresses: true } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The test's provider samples everything it is asked about: no span means the SDK was not asked.
      expect(exporter.getFinishedSpans()).toEqual([]);
      expect(sampling.asked).toBe(2);
      // Two requests of two exchanges: one new unsampled trace per request, the same for both its calls.
      expect(traceparents).toHaveLength(4);
      for (const header of traceparents) expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      const traces = traceparents.map((header) => header.split('-')[1]);
      expect(new Set(traces.slice(0, 2)).size).toBe(1);
      expect(new Set(traces.slice(2)).size).toBe(1);
      expect(traces[0]).not.toBe(traces[2]);
      expect(traces[0]).not.toBe('0'.repeat(32));
    },
  );

  it.each(BOTH_PATHS)('records a root it decides for, its calls and exchanges beneath it (%s)', async (_path, send) => {
    exporter.reset();
    traceparents.length = 0;
    const sampling = counted(true);
    await send({}, undefined, sampling);
    const spans = await finishedSpans(5);
    expect(sampling.asked).toBe(1);
    const operation = spans.find((span) => span.name === 'query Both');
    expect(operation?.parentSpanContext).toBeUndefined();
    expect(spans.filter((span) => span.spanContext().traceId === operation?.spanContext().traceId)).toHaveLength(5);
    for (const header of traceparents) expect(header).toMatch(new RegExp(`^00-${operation?.spanContext().traceId}-[0-9a-f]{16}-01$`));
  });

  it("leaves a request with a caller's trace context to the SDK's sampler", async () => {
    exporter.reset();
    const sampling = counted(false);
    const callerTrace = '5bf92f3577b34da6a3ce929d0e0e4736';
    await postOverHttp({ traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` }, undefined, sampling);
    const spans = await finishedSpans(5);
    expect(sampling.asked).toBe(0);
    expect(spans.find((span) => span.name === 'query Both')?.spanContext().traceId).toBe(callerTrace);
  });
});

describe('configuration', () => {
  it('is off unless an OTLP exporter is configured, and names a bad value', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      serviceName: 'four-rest-one-graph',
      exportDelayMs: 100,
      sampler: { parentBased: true, rootRatio: 1 },
    });
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'edge', OTEL_BSP_SCHEDULE_DELAY: '5000' }).tracing).toEqual({
      serviceName: 'edge',
      exportDelayMs: 5000,
      sampler: { parentBased: true, rootRatio: 1 },
    });
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_BSP_SCHEDULE_DELAY: 'soon' })).toThrow(
      /OTEL_BSP_SCHEDULE_DELAY must be a whole number of at least 0, got "soon"/,
    );
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER must be otlp or none, got "zipkin"/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_TRACES_EXPORTER: 'otlp' })).toThrow(/must be http\/json/);
  });

  it.each([
    ['always_on', undefined, { parentBased: false, rootRatio: 1 }],
    ['always_off', undefined, { parentBased: false, rootRatio: 0 }],
    ['traceidratio', '0.25', { parentBased: false, rootRatio: 0.25 }],
    ['parentbased_always_on', undefined, { parentBased: true, rootRatio: 1 }],
    ['parentbased_always_off', '0.5', { parentBased: true, rootRatio: 0 }],
    ['PARENTBASED_TRACEIDRATIO', '0.01', { parentBased: true, rootRatio: 0.01 }],
    // The specification's default ratio, where the argument is left out.
    ['parentbased_traceidratio', undefined, { parentBased: true, rootRatio: 1 }],
  ])('reads OTEL_TRACES_SAMPLER=%s (OTEL_TRACES_SAMPLER_ARG=%s)', (sampler, argument, expected) => {
    const env = { OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: sampler, OTEL_TRACES_SAMPLER_ARG: argument };
    expect(loadConfig(env).tracing?.sampler).toEqual(expected);
  });

  it('names a sampler it does not know, and a ratio outside 0 to 1', () => {
    const otlp = { OTEL_TRACES_EXPORTER: 'otlp' };
    // A name every object has is not a sampler either.
    expect(() => loadConfig({ ...otlp, OTEL_TRACES_SAMPLER: 'constructor' })).toThrow(
      /OTEL_TRACES_SAMPLER must be one of .*, got "constructor"/,
    );
    expect(() => loadConfig({ ...otlp, OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(
      /OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio, got "jaeger_remote"/,
    );
    for (const argument of ['1.5', '-0.1', 'half'])
      expect(() => loadConfig({ ...otlp, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: argument })).toThrow(
        `OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 for traceidratio, got "${argument}"`,
      );
  });
});

describe('the gateway process', () => {
  // The bundle resolves OpenTelemetry to its ES builds (scripts/bundle.mjs): the source's CommonJS ones are not what `npm start` runs.
  it.each(['source', 'built'] as const)(
    'exports its spans over OTLP/HTTP to the configured collector (%s)',
    async (entry) => {
      const bodies: string[] = [];
      let arrived: () => void = () => undefined;
      const received = new Promise<void>((resolve) => (arrived = resolve));
      const collector = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          if (request.url === '/v1/traces') bodies.push(body);
          if (body.includes('query Fr')) arrived();
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const gateway = spawnGateway(
        {
          PORT: '0',
          OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_SERVICE_NAME: 'gateway-under-test',
          OTEL_BSP_SCHEDULE_DELAY: '100',
        },
        ROOT,
        entry,
      );
      try {
        const url = String((await gateway.logLine('gateway ready')).url);
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'query Fr { country(code: "FR") { names { common } } }' }),
        });
        expect(response.status).toBe(200);
        await received;
        const exported = bodies.join('\n');
        expect(exported).toContain('gateway-under-test');
        // The process has no ambient context manager: the exchange is still in the operation's trace.
        type Exported = { resourceSpans: { scopeSpans: { spans: { name: string; traceId: string }[] }[] }[] };
        const spans = bodies.flatMap((body) =>
          (JSON.parse(body) as Exported).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
        );
        const operation = spans.find((span) => span.name === 'query Fr');
        expect(operation).toBeDefined();
        expect(spans.filter((span) => span.name === 'GET country-data').map((span) => span.traceId)).toEqual([operation?.traceId]);
      } finally {
        gateway.child.kill('SIGTERM');
        await gateway.exited;
        await new Promise((resolve) => collector.close(resolve));
      }
    },
    180_000,
  );
});
