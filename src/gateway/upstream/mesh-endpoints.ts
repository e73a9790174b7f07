/** The upstreams' base URLs under the names `.meshrc.yml` interpolates (`{context.upstreamUrls.countryData}`). */
import type { UpstreamName } from '../config.js';
import type { ResolvedUpstream } from './upstream-fetch.js';

export interface UpstreamUrls {
  cryptoAnalytics: string;
  blockchainUtility: string;
  address: string;
  countryData: string;
}

const MESH_KEYS: Record<UpstreamName, keyof UpstreamUrls> = {
  'crypto-analytics': 'cryptoAnalytics',
  'blockchain-utility': 'blockchainUtility',
  address: 'address',
  'country-data': 'countryData',
};

/** The upstream each Mesh source reaches, by the source's name in `.meshrc.yml`. */
export const MESH_SOURCE_UPSTREAMS: Readonly<Record<string, UpstreamName>> = {
  CryptoAnalytics: 'crypto-analytics',
  BlockchainUtility: 'blockchain-utility',
  Address: 'address',
  CountryData: 'country-data',
};

/**
 * Told of each upstream body a resolver has parsed (extensions.provenance listens): Mesh's
 * resolvers parse their answers themselves, so they report the value instead of anyone parsing
 * the same bytes again.
 */
export type AnswerObserver = (upstream: UpstreamName, body: unknown) => void;

/** Base URLs keyed for Mesh's endpoint templates. */
export function meshEndpoints(upstreams: readonly ResolvedUpstream[]): UpstreamUrls {
  const urls: UpstreamUrls = { cryptoAnalytics: '', blockchainUtility: '', address: '', countryData: '' };
  for (const upstream of upstreams) urls[MESH_KEYS[upstream.name]] = upstream.url;
  return urls;
}
