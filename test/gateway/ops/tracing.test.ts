/**
 * OpenTelemetry: a SERVER span per GraphQL request named after its operation, an INTERNAL span
 * per upstream call and a CLIENT span per HTTP exchange beneath it, W3C `traceparent` sent to
 * the upstreams and honoured from the caller; and the real process exporting over OTLP/HTTP to
 * a collector on loopback when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../../src/gateway/context.js';
import { loadConfig } from '../../../src/gateway/config.js';
import { createGateway } from '../../../src/gateway/server.js';
import { spawnGateway } from './gateway-process.js';
import { VENDORS } from '../../support/vendors.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let upstream: Server;
let upstreamUrl = '';
const traceparents: string[] = [];

beforeAll(async () => {
  provider.register();
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

function gateway() {
  const schema = makeExecutableSchema<GatewayContext>({
    typeDefs: 'type Query { countries: Boolean, addresses: Boolean, keyDetails: Boolean }',
    resolvers: {
      Query: {
        countries: async (_root, _args, { upstream }) =>
          (await upstream.get<{ ok: boolean }>('country-data', '/countries', { api_key: 'secret' })).ok,
        // A path C does not document, so the stub's body is not held to C's documented shape.
        addresses: async (_root, _args, { upstream }) => (await upstream.get<{ ok: boolean }>('address', '/probe')).ok,
        keyDetails: async (_root, _args, { upstream }) =>
          (await upstream.get<{ ok: boolean }>('address', '/keys/{key}/details', { key: 'ak_path_SECRET_9c' })).ok,
      },
    },
  });
  return createGateway({
    schema,
    upstreams: [
      { name: 'country-data', url: `${upstreamUrl}/d`, credentials: { key: 'k' }, vendor: VENDORS['country-data'] },
      { name: 'address', url: `${upstreamUrl}/c`, credentials: { key: 'k' }, vendor: VENDORS.address },
    ],
    upstreamTimeoutMs: 2_000,
    cacheTtlMs: 0,
  });
}

async function post(headers: Record<string, string> = {}, query = 'query Both { countries addresses }'): Promise<Response> {
  return gateway().fetch(
    new Request('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    }),
  );
}

describe('spans', () => {
  it('nest upstream calls and exchanges under the operation span, and send its trace to the upstreams', async () => {
    exporter.reset();
    traceparents.length = 0;
    expect(await (await post()).json()).toMatchObject({ data: { countries: true, addresses: true } });
    const spans = exporter.getFinishedSpans();
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
  });

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
});

describe('configuration', () => {
  it('is off unless an OTLP exporter is configured, and names a bad value', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({ serviceName: 'four-rest-one-graph' });
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'edge' }).tracing).toEqual({ serviceName: 'edge' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER must be otlp or none, got "zipkin"/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_TRACES_EXPORTER: 'otlp' })).toThrow(/must be http\/json/);
  });
});

describe('the gateway process', () => {
  it('exports its spans over OTLP/HTTP to the configured collector', async () => {
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
    const gateway = spawnGateway({
      PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'gateway-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
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
      expect(exported).toContain('GET country-data');
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
      await new Promise((resolve) => collector.close(resolve));
    }
  }, 180_000);
});
