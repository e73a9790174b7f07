/**
 * The span exporter that sends from a worker thread: the batches reach a real collector on
 * loopback as OTLP/HTTP JSON, sent by no request of this thread's node:http; a refusal, a worker
 * that cannot start and a shutdown with an export in flight each answer as OTLPTraceExporter's
 * callers expect. The worker is the compiled one (`npm test` builds dist/ first), as the gateway runs it.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../../../test/support/gateway.js';
import { OffThreadSpanExporter } from './off-thread-exporter.js';

const WORKER = pathToFileURL(join(ROOT, 'dist/gateway/ops/tracing/export-worker.js'));

/** Finished spans named `names`, of one resource, as the batch processor hands them over. */
function finishedSpans(...names: string[]): ReadableSpan[] {
  const ended: ReadableSpan[] = [];
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'exporter-under-test' }),
    spanProcessors: [
      { onStart: () => undefined, onEnd: (span) => ended.push(span), forceFlush: async () => undefined, shutdown: async () => undefined },
    ],
  });
  const tracer = provider.getTracer('test');
  for (const name of names) tracer.startSpan(name, { attributes: { 'upstream.name': 'country-data' } }).end();
  return ended;
}

interface Received {
  path: string | undefined;
  contentType: string | undefined;
  body: string;
}

const collectors: Server[] = [];

/** A collector on loopback answering with `answer`; OTEL_EXPORTER_OTLP_ENDPOINT names it for the next worker. */
async function collector(answer: (response: ServerResponse) => void = (response) => response.end('{}')): Promise<Received[]> {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url, contentType: request.headers['content-type'], body });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  collectors.push(server);
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return received;
}

function exported(exporter: OffThreadSpanExporter, spans: ReadableSpan[]): Promise<ExportResult> {
  return new Promise((resolve) => exporter.export(spans, resolve));
}

afterEach(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  for (const server of collectors.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('OffThreadSpanExporter', () => {
  it('sends each batch as OTLP/HTTP JSON from its worker, not from this thread', async () => {
    const received = await collector();
    const requestsHere: unknown[] = [];
    const count = (message: unknown): void => void requestsHere.push(message);
    subscribe('http.client.request.start', count);
    const exporter = new OffThreadSpanExporter(WORKER);
    try {
      expect(await exported(exporter, finishedSpans('query Fr', 'GET country-data'))).toEqual({ code: ExportResultCode.SUCCESS });
      expect(await exported(exporter, finishedSpans('query De'))).toEqual({ code: ExportResultCode.SUCCESS });
    } finally {
      unsubscribe('http.client.request.start', count);
      await exporter.shutdown();
    }
    expect(requestsHere).toEqual([]);
    expect(received.map(({ path, contentType }) => [path, contentType])).toEqual([
      ['/v1/traces', 'application/json'],
      ['/v1/traces', 'application/json'],
    ]);
    type Body = { resourceSpans: { resource: { attributes: { key: string }[] }; scopeSpans: { spans: { name: string }[] }[] }[] };
    const bodies = received.map(({ body }) => JSON.parse(body) as Body);
    expect(
      bodies.map((body) =>
        body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name))),
      ),
    ).toEqual([['query Fr', 'GET country-data'], ['query De']]);
    expect(JSON.stringify(bodies[0]?.resourceSpans[0]?.resource)).toContain('exporter-under-test');
  });

  it("answers FAILED with the collector's refusal", async () => {
    await collector((response) => {
      response.statusCode = 400;
      response.end('not OTLP');
    });
    const exporter = new OffThreadSpanExporter(WORKER);
    try {
      const result = await exported(exporter, finishedSpans('query Fr'));
      expect(result.code).toBe(ExportResultCode.FAILED);
      expect(result.error?.message).toBeTruthy();
    } finally {
      await exporter.shutdown();
    }
  });

  it('fails what a worker that cannot start was asked, and starts another for the next batch', async () => {
    const exporter = new OffThreadSpanExporter(pathToFileURL(join(ROOT, 'dist/gateway/ops/tracing/no-such-worker.js')));
    try {
      // Each batch is answered, none waits on a thread that is gone: the second start fails as the first did.
      for (const name of ['first', 'second']) {
        const result = await exported(exporter, finishedSpans(name));
        expect(result.code).toBe(ExportResultCode.FAILED);
        expect(result.error?.message).toMatch(/no-such-worker|span export worker exited/);
      }
    } finally {
      await exporter.shutdown();
    }
  });

  it('shuts down after the export in flight has its answer, and refuses batches after it', async () => {
    let answerNow: () => void = () => undefined;
    const answering = new Promise<void>((resolve) => (answerNow = resolve));
    await collector((response) => void answering.then(() => response.end('{}')));
    const exporter = new OffThreadSpanExporter(WORKER);
    const events: string[] = [];
    const inFlight = exported(exporter, finishedSpans('query Fr')).then((result) => events.push(`exported ${result.code}`));
    const stopped = exporter.shutdown().then(() => events.push('shut down'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    answerNow();
    await Promise.all([inFlight, stopped]);
    expect(events).toEqual([`exported ${ExportResultCode.SUCCESS}`, 'shut down']);
    const late = await exported(exporter, finishedSpans('late'));
    expect(late.code).toBe(ExportResultCode.FAILED);
    expect(late.error?.message).toMatch(/shut down/);
  });
});
