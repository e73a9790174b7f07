/**
 * The worker thread that sends the gateway's span exports (off-thread-exporter.ts): OTLP/HTTP's
 * own export delegate, configured from the OTEL_EXPORTER_OTLP_* variables as OTLPTraceExporter
 * configures it (endpoint, headers, timeout, compression, retries), given the request bodies the
 * request thread has already serialised. Its node:http client, its streams and timers run in this
 * thread's own isolate, so they never share what V8 has learnt about the request thread's.
 */
import { parentPort } from 'node:worker_threads';
import { convertLegacyHttpOptions, createOtlpHttpExportDelegate } from '@opentelemetry/otlp-exporter-base/node-http';
import type { IExporterMetricsHelper, IExportTraceServiceResponse, ISerializer } from '@opentelemetry/otlp-transformer';
import type { ExportReply, ExportRequest, SerialisedExport } from './export-messages.js';

/**
 * The body is already OTLP JSON: sent as it is. The collector's answer is read as the SDK's JSON
 * serializer reads it (empty is a full success; one that does not parse, the delegate warns of),
 * here rather than by importing it: its package loads the protobuf serializers too, 15 MiB of
 * this thread's memory for a JSON.parse.
 */
const serialised: ISerializer<SerialisedExport, IExportTraceServiceResponse> = {
  serializeRequest: (request) => request.body,
  deserializeResponse: (data) => (data.length === 0 ? {} : (JSON.parse(new TextDecoder().decode(data)) as IExportTraceServiceResponse)),
};

/** The SDK's own exporter metrics count spans, not bytes. */
const spanCount: IExporterMetricsHelper<SerialisedExport> = { name: 'span', countItems: (request) => request.spans };

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread (off-thread-exporter.ts starts it)');

const delegate = createOtlpHttpExportDelegate(
  convertLegacyHttpOptions({}, 'TRACES', 'v1/traces', { 'Content-Type': 'application/json' }),
  serialised,
  'otlp_http_span_exporter',
  spanCount,
  undefined,
);

port.on('message', (message: ExportRequest) => {
  if (message.kind === 'shutdown') {
    void delegate.shutdown().then(() => port.postMessage({ kind: 'shut', id: message.id } satisfies ExportReply));
    return;
  }
  delegate.export(message.export, (result) =>
    port.postMessage({
      kind: 'exported',
      id: message.id,
      code: result.code,
      ...(result.error ? { error: result.error.message } : {}),
    } satisfies ExportReply),
  );
});
