/** What every resolver receives: the request's upstream fetch, base URLs and loaders. */
import type { Clock } from './clock.js';
import type { UpstreamName } from './config.js';
import { createLoaders, type Loaders } from './loaders/index.js';
import type { UpstreamFetch } from './upstream/upstream-fetch.js';

/** Base URLs keyed the way .meshrc.yml interpolates them (`{context.upstreamUrls.countryData}`). */
export interface UpstreamUrls {
  cryptoAnalytics: string;
  blockchainUtility: string;
  address: string;
  countryData: string;
}

export interface GatewayContext {
  /** Mesh's generated resolvers call this too (`context.fetch`). */
  fetch: UpstreamFetch;
  upstreamUrls: UpstreamUrls;
  loaders: Loaders;
  /** The caller's address, as forwarded to the upstreams. */
  callerIp: string | undefined;
  /** "Today" for default date ranges and the brief. */
  clock: Clock;
}

export const URL_KEYS: Record<UpstreamName, keyof UpstreamUrls> = {
  'crypto-analytics': 'cryptoAnalytics',
  'blockchain-utility': 'blockchainUtility',
  address: 'address',
  'country-data': 'countryData',
};

/** Builds the context of one GraphQL request. */
export function createContext(
  fetch: UpstreamFetch,
  upstreamUrls: UpstreamUrls,
  callerIp: string | undefined,
  clock: Clock,
): GatewayContext {
  const partial = { fetch, upstreamUrls, callerIp, clock };
  return { ...partial, loaders: createLoaders(partial) };
}
