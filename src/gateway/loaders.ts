/** The per-request DataLoaders; a new set is made for every GraphQL request. */
import type { Clock } from './clock.js';
import type { UpstreamCaller } from './upstream/upstream-fetch.js';
import { createCountryByCodeLoader } from './interfaces/country-data/country-loader.js';
import { type CryptoAnalyticsLoaders, createCryptoAnalyticsLoaders } from './features/token-graph/loaders.js';
import { createUsdPerErgLoader } from './features/money/erg-price-loader.js';
import { createRatesLoader } from './features/money/rate-loader.js';

export interface Loaders {
  countryByCode: ReturnType<typeof createCountryByCodeLoader>;
  cryptoAnalytics: CryptoAnalyticsLoaders;
  rates: ReturnType<typeof createRatesLoader>;
  usdPerErg: ReturnType<typeof createUsdPerErgLoader>;
}

export function createLoaders(caller: UpstreamCaller & { clock: Clock }): Loaders {
  return {
    countryByCode: createCountryByCodeLoader(caller),
    cryptoAnalytics: createCryptoAnalyticsLoaders(caller),
    rates: createRatesLoader(caller),
    usdPerErg: createUsdPerErgLoader(caller),
  };
}
