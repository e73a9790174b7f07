/** The per-request DataLoaders; a new set is made for every GraphQL request. */
import type { Clock } from '../clock.js';
import type { RestCaller } from '../upstream/rest-client.js';
import { createCountryByCodeLoader } from './country-loaders.js';
import { type CryptoAnalyticsLoaders, createCryptoAnalyticsLoaders } from './crypto-analytics-loaders.js';
import { createUsdPerErgLoader } from './erg-price-loaders.js';
import { createRatesLoader } from './rate-loaders.js';

export interface Loaders {
  countryByCode: ReturnType<typeof createCountryByCodeLoader>;
  cryptoAnalytics: CryptoAnalyticsLoaders;
  rates: ReturnType<typeof createRatesLoader>;
  usdPerErg: ReturnType<typeof createUsdPerErgLoader>;
}

export function createLoaders(caller: RestCaller & { clock: Clock }): Loaders {
  return {
    countryByCode: createCountryByCodeLoader(caller),
    cryptoAnalytics: createCryptoAnalyticsLoaders(caller),
    rates: createRatesLoader(caller),
    usdPerErg: createUsdPerErgLoader(caller),
  };
}
