/**
 * Whether a request that arrives without a caller's trace context is recorded, decided by the
 * gateway before the OpenTelemetry SDK is asked. The SDK decides only once it has made a span: two
 * random ids hex-encoded, the attributes sanitised, the ratio sampler's parse of the trace id and a
 * non-recording span with its context, for each of the 99 % of requests a 1 % sampler drops (about
 * 2 µs a request in a node micro, against 60 ns for this decision). Deciding first, an unsampled
 * request costs no span at all, as the production profile promises.
 *
 * The decision keeps OTEL_TRACES_SAMPLER's meaning: `traceidratio` records a share of root spans
 * chosen by a uniformly random trace id, which is what a uniformly random draw records. A root the
 * gateway decides to record is started under SAMPLED_ROOT_CONTEXT, which the SDK's sampler
 * (start-tracing.ts) records without drawing again, and so does every span below it. A request
 * with a caller's trace context, and a span outside any request (a live poll), is the SDK's to
 * decide, as before.
 */
import { type Context, createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';

/** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, as config.ts reads them. */
export interface SamplerSetting {
  /** `parentbased_*`: a span with a parent is recorded when its parent is. */
  parentBased: boolean;
  /** The share of root spans recorded: 1 for `*always_on`, 0 for `*always_off`, the argument for `*traceidratio`. */
  rootRatio: number;
}

const SAMPLED_ROOT = createContextKey('four-rest-one-graph sampled root');

/** The parent context of a request's span the gateway has decided to record. */
export const SAMPLED_ROOT_CONTEXT: Context = ROOT_CONTEXT.setValue(SAMPLED_ROOT, true);

/** Whether `context` is, or descends from, a root the gateway decided to record. */
export function decidedToRecord(context: Context): boolean {
  return context.getValue(SAMPLED_ROOT) === true;
}

/** Decides, per request without a caller's trace context, whether it is recorded. */
export type RootSampling = () => boolean;

/** The decision `setting` makes for a root span; `random` is the draw (Math.random, or a test's). */
export function rootSampling(setting: SamplerSetting, random: () => number = Math.random): RootSampling {
  const { rootRatio } = setting;
  if (rootRatio >= 1) return () => true;
  if (rootRatio <= 0) return () => false;
  return () => random() < rootRatio;
}
