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

/** Base URLs keyed for Mesh's endpoint templates. */
export function meshEndpoints(upstreams: readonly ResolvedUpstream[]): UpstreamUrls {
  const urls: UpstreamUrls = { cryptoAnalytics: '', blockchainUtility: '', address: '', countryData: '' };
  for (const upstream of upstreams) urls[MESH_KEYS[upstream.name]] = upstream.url;
  return urls;
}
