/**
 * Starts OpenTelemetry tracing when the OTEL_* variables ask for it (see config.ts): a Node
 * tracer provider (W3C trace context, no ambient context manager) exporting in batches over
 * OTLP/HTTP. The exporter and the batch processor read the standard variables themselves
 * (OTEL_EXPORTER_OTLP_ENDPOINT, …_HEADERS, OTEL_BSP_MAX_QUEUE_SIZE, …) but for the export delay,
 * which config.ts reads with a shorter default. Imported by the composition root only when
 * tracing is on, so a gateway without it loads none of the SDK.
 */
import { resourceFromAttributes } from '@opentelemetry/resources';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * Registers the global tracer provider; the returned function flushes and stops it (on drain).
 * `exportDelayMs` is OTEL_BSP_SCHEDULE_DELAY as config.ts reads it, with the gateway's default.
 */
export function startTracing({ serviceName, exportDelayMs }: { serviceName: string; exportDelayMs: number }): () => Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: exportDelayMs })],
  });
  // The gateway hands each request's trace context to its upstream calls itself (server-span.ts):
  // the default AsyncLocalStorage manager would turn on Node 20's promise hooks for every request.
  provider.register({ contextManager: null });
  return () => provider.shutdown();
}
