/**
 * The US ZIP code dataset of the `zipcodes` package (about 42,500 US ZIP codes with their
 * main city, state and centroid; no counties and no ZIP+4 add-ons), and the state names the
 * USPS record spells out.
 */
import { createRequire } from 'node:module';
import { distanceMetres } from './geo.js';
import { townCase } from './text-match.js';

export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipcodesModule {
  codes: Record<string, ZipRecord>;
}

interface StatesModule {
  abbr: Record<string, string>;
}

const require = createRequire(import.meta.url);
// The package is CommonJS without type declarations; only these two shapes are used.
const zipcodes = require('zipcodes') as ZipcodesModule;
const states = require('zipcodes/lib/states.js') as StatesModule;

// Territories and military "states" that `zipcodes` has ZIPs for but no names.
const EXTRA_STATE_NAMES: Record<string, string> = {
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
  PW: 'Palau',
  FM: 'Federated States of Micronesia',
  MH: 'Marshall Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** Country of a USPS record by state code: the vendor distinguishes Puerto Rico and Guam. */
export function countryOfState(state: string): { country: string; iso3: string; iso2: string } {
  if (state === 'PR') return { country: 'Puerto Rico', iso3: 'PRI', iso2: 'PR' };
  if (state === 'GU') return { country: 'Guam', iso3: 'GUM', iso2: 'GU' };
  return { country: 'United States', iso3: 'USA', iso2: 'US' };
}

/** Full name of a state code ("DC" → "District of Columbia"), or undefined. */
export function stateName(code: string): string | undefined {
  const upper = code.toUpperCase();
  const full = states.abbr[upper];
  return EXTRA_STATE_NAMES[upper] ?? (full ? townCase(full) : undefined);
}

/** The US ZIP record for a five-digit code. */
export function lookupZip(zip: string): ZipRecord | undefined {
  const record = zipcodes.codes[zip];
  return record && record.country === 'US' ? record : undefined;
}

const byCityState = new Map<string, ZipRecord[]>();
for (const record of Object.values(zipcodes.codes)) {
  if (record.country !== 'US') continue;
  const key = `${record.city.toUpperCase()}|${record.state}`;
  const list = byCityState.get(key) ?? [];
  list.push(record);
  byCityState.set(key, list);
}

/** The ZIP codes whose main city is this city in this state, in ZIP order. */
export function zipsOfCity(city: string, state: string): ZipRecord[] {
  return [...(byCityState.get(`${city.toUpperCase()}|${state.toUpperCase()}`) ?? [])].sort((a, b) => a.zip.localeCompare(b.zip));
}

/** Every city/state pair of the dataset with its ZIP records (for place search). */
export function allCities(): IterableIterator<[string, ZipRecord[]]> {
  return byCityState.entries();
}

// A city name other than the ZIP's main city is accepted when that city has a ZIP this close:
// neighbouring places share delivery areas (Hollywood mail goes to Los Angeles ZIPs).
const ALTERNATE_CITY_RADIUS_METRES = 25_000;

/** Whether a city name is plausible for a ZIP code (its main city, or a city right next to it). */
export function cityFitsZip(city: string, zip: ZipRecord): boolean {
  if (city.toUpperCase() === zip.city.toUpperCase()) return true;
  return zipsOfCity(city, zip.state).some(
    (other) => distanceMetres(other.longitude, other.latitude, zip.longitude, zip.latitude) <= ALTERNATE_CITY_RADIUS_METRES,
  );
}
