/** The per-request DataLoaders; a new set is made for every GraphQL request. */
import type { RestCaller } from '../upstream/rest-client.js';
import { createCountryByCodeLoader } from './country-loaders.js';

export interface Loaders {
  countryByCode: ReturnType<typeof createCountryByCodeLoader>;
}

export function createLoaders(caller: RestCaller): Loaders {
  return { countryByCode: createCountryByCodeLoader(caller) };
}
