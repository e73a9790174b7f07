/** The per-request DataLoaders; a new set is made for every GraphQL request. */
import type { RestCaller } from '../upstream/rest-client.js';
import { createCountryByCodeLoader } from './country-loaders.js';
import { createRatesLoader } from './rate-loaders.js';

export interface Loaders {
  countryByCode: ReturnType<typeof createCountryByCodeLoader>;
  rates: ReturnType<typeof createRatesLoader>;
}

export function createLoaders(caller: RestCaller): Loaders {
  return {
    countryByCode: createCountryByCodeLoader(caller),
    rates: createRatesLoader(caller),
  };
}
