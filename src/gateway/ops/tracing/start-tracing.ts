/**
 * Starts OpenTelemetry tracing when the OTEL_* variables ask for it (see config.ts): a Node
 * tracer provider (W3C trace context, no ambient context manager) exporting in batches over
 * OTLP/HTTP from a worker thread (off-thread-exporter.ts). The exporter and the batch processor
 * read the standard variables themselves (OTEL_EXPORTER_OTLP_ENDPOINT, …_HEADERS,
 * OTEL_BSP_MAX_QUEUE_SIZE, …) but for the export delay, which config.ts reads with a shorter
 * default, and the sampler, which config.ts reads so that the gateway can decide a request's root
 * before the SDK (root-sampling.ts). Imported by the composition root only when tracing is on, so
 * a gateway without it loads none of the SDK.
 */
import type { Attributes, Context, Link, SpanKind } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  type SamplingResult,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { EXPORT_WORKER_RUNS, OffThreadSpanExporter } from './off-thread-exporter.js';
import { decidedToRecord, type RootSampling, rootSampling, type SamplerSetting } from './root-sampling.js';

const RECORDED: SamplingResult = { decision: SamplingDecision.RECORD_AND_SAMPLED };

/** The SDK's own sampler for `setting`, as it builds one from OTEL_TRACES_SAMPLER. */
function configuredSampler({ parentBased, rootRatio }: SamplerSetting): Sampler {
  const root = rootRatio >= 1 ? new AlwaysOnSampler() : rootRatio <= 0 ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(rootRatio);
  return parentBased ? new ParentBasedSampler({ root }) : root;
}

/** `setting`'s sampler, recording without a second draw what the gateway decided to record (root-sampling.ts). */
export class GatewaySampler implements Sampler {
  private readonly configured: Sampler;

  constructor(setting: SamplerSetting) {
    this.configured = configuredSampler(setting);
  }

  shouldSample(context: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    return decidedToRecord(context) ? RECORDED : this.configured.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `GatewaySampler{${this.configured.toString()}}`;
  }
}

/** A registered provider: how to flush and stop it, and the root decision its sampler expects. */
export interface StartedTracing {
  stop(): Promise<void>;
  /** The decision the gateway makes before the SDK (RequestTraces), drawn from the provider's own setting. */
  rootSampling: RootSampling;
}

/**
 * Registers the global tracer provider; `stop` flushes and stops it (on drain). `exportDelayMs` is
 * OTEL_BSP_SCHEDULE_DELAY as config.ts reads it, with the gateway's default. The root decision is
 * returned from here so that it and the provider's sampler come from one setting.
 */
export function startTracing({
  serviceName,
  exportDelayMs,
  sampler,
}: {
  serviceName: string;
  exportDelayMs: number;
  sampler: SamplerSetting;
}): StartedTracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: new GatewaySampler(sampler),
    spanProcessors: [
      new BatchSpanProcessor(EXPORT_WORKER_RUNS ? new OffThreadSpanExporter() : new OTLPTraceExporter(), {
        scheduledDelayMillis: exportDelayMs,
      }),
    ],
  });
  // The gateway hands each request's trace context to its upstream calls itself (server-span.ts):
  // the default AsyncLocalStorage manager would turn on Node 20's promise hooks for every request.
  provider.register({ contextManager: null });
  return { stop: () => provider.shutdown(), rootSampling: rootSampling(sampler) };
}
