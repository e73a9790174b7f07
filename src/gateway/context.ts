/** What every resolver receives: the request's upstream client, Mesh's endpoints, loaders and clock. */
import type { Clock } from './clock.js';
import { createLoaders, type Loaders } from './loaders.js';
import type { AnswerObserver, UpstreamUrls } from './upstream/mesh-endpoints.js';
import type { UpstreamClient, UpstreamFetch } from './upstream/upstream-fetch.js';

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
  /** Told of each body Mesh's resolvers parse (set by the provenance plugin); unset when nobody listens. */
  observeAnswer?: AnswerObserver;
}

/** Builds the context of one GraphQL request. */
export function createContext(
  upstream: UpstreamClient,
  upstreamUrls: UpstreamUrls,
  callerIp: string | undefined,
  clock: Clock,
): GatewayContext {
  return { upstream, fetch: upstream.fetch, upstreamUrls, callerIp, clock, loaders: createLoaders({ upstream, clock }) };
}
