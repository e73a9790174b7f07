/** What every resolver receives: the request's upstream client, Mesh's endpoints, loaders and clock. */
import type { Clock } from './clock.js';
import { createLoaders, type Loaders } from './features/loaders.js';
import { FreshnessRecorder } from './cache/freshness-recorder.js';
import { ProvenanceRecorder } from './provenance/provenance.js';
import type { AnswerObserver, UpstreamUrls } from './upstream/mesh-endpoints.js';
import {
  type RequestOptions,
  type ResolvedUpstream,
  type UpstreamClient,
  type UpstreamFetch,
  type UpstreamPipelineOptions,
  upstreamClients,
} from './upstream/upstream-fetch.js';

export interface GatewayContext {
  /** Hand-written code asks `upstream.get(name, path)`. */
  upstream: UpstreamClient;
  /** Mesh's generated resolvers call `context.fetch` and interpolate `context.upstreamUrls`. */
  fetch: UpstreamFetch;
  upstreamUrls: UpstreamUrls;
  loaders: Loaders;
  /** The caller's address, as forwarded to the upstreams. */
  callerIp: string | undefined;
  /** "Today" for default date ranges and the brief. */
  clock: Clock;
  /** What this request's answers said of themselves, for `extensions.provenance`; absent where no result lists it (live events). */
  provenance?: ProvenanceRecorder | undefined;
  /** Told of each body Mesh's resolvers parse (the provenance recorder's listener); unset when nobody listens. */
  observeAnswer?: AnswerObserver | undefined;
  /** How long this request's answer stays fresh, from its upstream answers; absent where no cache keeps answers. */
  freshness?: FreshnessRecorder | undefined;
}

export interface RequestContextOptions extends UpstreamPipelineOptions {
  upstreams: readonly ResolvedUpstream[];
  upstreamUrls: UpstreamUrls;
  clock: Clock;
}

/** One request as its context needs it: the upstream client's options, and whether its result lists provenance. */
export interface ContextRequest extends Omit<RequestOptions, 'observeAnswer' | 'freshness'> {
  provenance: boolean;
  /** Whether the whole-operation cache may keep its answer, so the lifetimes of its upstream answers are recorded. */
  freshness?: boolean;
}

/**
 * The gateway's context factory: the upstream pipeline is composed once, here (upstreamPipeline,
 * upstream-fetch.ts, lists its steps); each request then costs its client, its loaders and, when
 * its result lists provenance, a recorder both Mesh's resolvers and the pipeline report to.
 */
export function requestContexts({
  upstreams,
  upstreamUrls,
  clock,
  ...pipeline
}: RequestContextOptions): (request: ContextRequest) => GatewayContext {
  const clients = upstreamClients(upstreams, pipeline);
  return ({ caller, charges, budget, provenance: lists, freshness: recorded, trace }) => {
    const provenance = lists ? new ProvenanceRecorder() : undefined;
    const observeAnswer = provenance?.record;
    const freshness = recorded ? new FreshnessRecorder() : undefined;
    const upstream = clients({ caller, charges, budget, observeAnswer, freshness, trace });
    return {
      upstream,
      fetch: upstream.fetch,
      upstreamUrls,
      callerIp: caller.ip,
      clock,
      loaders: createLoaders({ upstream, clock }),
      provenance,
      observeAnswer,
      freshness,
    };
  };
}
