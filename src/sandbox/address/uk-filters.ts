/**
 * Filters (which narrow a result set) and biases (which only reorder it) shared by address
 * search and autocomplete. Terms of one filter are OR'ed, different filters AND'ed, as the
 * vendor documents; an invalid term matches nothing.
 */
import { distanceMetres, parseCircle } from './geo.js';
import type { UkAddress } from './types.js';
import { normalisePostcode } from './uk-postcode.js';

export interface AddressFilters {
  postcode?: string[];
  postcode_outward?: string[];
  postcode_area?: string[];
  postcode_sector?: string[];
  post_town?: string[];
  uprn?: string;
  country?: string[];
  postcode_type?: string[];
  su_organisation_indicator?: string;
  box?: string;
}

export interface AddressBiases {
  bias_postcode?: string[];
  bias_postcode_outward?: string[];
  bias_postcode_area?: string[];
  bias_postcode_sector?: string[];
  bias_post_town?: string[];
  bias_thoroughfare?: string[];
  bias_country?: string[];
  bias_lonlat?: string;
}

const FILTER_NAMES = [
  'postcode',
  'postcode_outward',
  'postcode_area',
  'postcode_sector',
  'post_town',
  'uprn',
  'country',
  'postcode_type',
  'su_organisation_indicator',
  'box',
] as const;
const BIAS_NAMES = [
  'bias_postcode',
  'bias_postcode_outward',
  'bias_postcode_area',
  'bias_postcode_sector',
  'bias_post_town',
  'bias_thoroughfare',
  'bias_country',
  'bias_lonlat',
] as const;

/** Picks the filter parameters out of validated query parameters. */
export function filtersFrom(query: Record<string, unknown>): AddressFilters {
  return Object.fromEntries(FILTER_NAMES.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
}

/** Picks the bias parameters out of validated query parameters. */
export function biasesFrom(query: Record<string, unknown>): AddressBiases {
  return Object.fromEntries(BIAS_NAMES.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
}

export function hasFilters(filters: AddressFilters): boolean {
  return Object.keys(filters).length > 0;
}

const squash = (text: string): string => text.toUpperCase().replace(/\s+/g, ' ').trim();

// Older recordings name the Channel Islands jointly; a filter on "Jersey" must still find them.
const COUNTRY_BY_ISO: Record<string, string> = { JEY: 'JERSEY', GGY: 'GUERNSEY', IMN: 'ISLE OF MAN' };

/** Predicates per attribute, so filters and biases read a record the same way. */
const ATTRIBUTE_TESTS = {
  postcode: (address: UkAddress, term: string) => normalisePostcode(term) === address.postcode,
  postcode_outward: (address: UkAddress, term: string) => squash(term) === address.postcode_outward,
  postcode_area: (address: UkAddress, term: string) => squash(term) === address.postcode_outward.replace(/\d.*$/, ''),
  postcode_sector: (address: UkAddress, term: string) =>
    squash(term) === `${address.postcode_outward} ${address.postcode_inward.charAt(0)}`,
  post_town: (address: UkAddress, term: string) => squash(term) === squash(address.post_town),
  thoroughfare: (address: UkAddress, term: string) => squash(term) === squash(address.thoroughfare),
  country: (address: UkAddress, term: string) => [squash(address.country), COUNTRY_BY_ISO[address.country_iso]].includes(squash(term)),
};

function anyTerm(terms: string[] | undefined, test: (term: string) => boolean): boolean {
  return terms === undefined || terms.some(test);
}

function insideBox(address: UkAddress, box: string): boolean {
  const [lon1, lat1, lon2, lat2] = box.split(',').map(Number);
  if ([lon1, lat1, lon2, lat2].some((value) => value === undefined || Number.isNaN(value))) return false;
  if (typeof address.longitude !== 'number' || typeof address.latitude !== 'number') return false;
  const [west, east] = [Math.min(lon1 ?? 0, lon2 ?? 0), Math.max(lon1 ?? 0, lon2 ?? 0)];
  const [south, north] = [Math.min(lat1 ?? 0, lat2 ?? 0), Math.max(lat1 ?? 0, lat2 ?? 0)];
  return address.longitude >= west && address.longitude <= east && address.latitude >= south && address.latitude <= north;
}

/** Whether an address passes every filter. */
export function passesFilters(address: UkAddress, filters: AddressFilters): boolean {
  return (
    anyTerm(filters.postcode, (term) => ATTRIBUTE_TESTS.postcode(address, term)) &&
    anyTerm(filters.postcode_outward, (term) => ATTRIBUTE_TESTS.postcode_outward(address, term)) &&
    anyTerm(filters.postcode_area, (term) => ATTRIBUTE_TESTS.postcode_area(address, term)) &&
    anyTerm(filters.postcode_sector, (term) => ATTRIBUTE_TESTS.postcode_sector(address, term)) &&
    anyTerm(filters.post_town, (term) => ATTRIBUTE_TESTS.post_town(address, term)) &&
    anyTerm(filters.country, (term) => ATTRIBUTE_TESTS.country(address, term)) &&
    anyTerm(filters.postcode_type, (term) => term === address.postcode_type) &&
    (filters.uprn === undefined || filters.uprn === address.uprn) &&
    (filters.su_organisation_indicator === undefined || filters.su_organisation_indicator === address.su_organisation_indicator) &&
    (filters.box === undefined || insideBox(address, filters.box))
  );
}

function withinCircle(address: UkAddress, text: string): boolean {
  const circle = parseCircle(text);
  if (!circle || typeof address.longitude !== 'number' || typeof address.latitude !== 'number') return false;
  return distanceMetres(circle.lon, circle.lat, address.longitude, address.latitude) <= circle.radius;
}

/** How many biases an address satisfies; ranking adds it to the relevance score. */
export function biasScore(address: UkAddress, biases: AddressBiases): number {
  const hit = (terms: string[] | undefined, test: (term: string) => boolean): number => (terms?.some(test) ? 1 : 0);
  return (
    hit(biases.bias_postcode, (term) => ATTRIBUTE_TESTS.postcode(address, term)) +
    hit(biases.bias_postcode_outward, (term) => ATTRIBUTE_TESTS.postcode_outward(address, term)) +
    hit(biases.bias_postcode_area, (term) => ATTRIBUTE_TESTS.postcode_area(address, term)) +
    hit(biases.bias_postcode_sector, (term) => ATTRIBUTE_TESTS.postcode_sector(address, term)) +
    hit(biases.bias_post_town, (term) => ATTRIBUTE_TESTS.post_town(address, term)) +
    hit(biases.bias_thoroughfare, (term) => ATTRIBUTE_TESTS.thoroughfare(address, term)) +
    hit(biases.bias_country, (term) => ATTRIBUTE_TESTS.country(address, term)) +
    (biases.bias_lonlat !== undefined && withinCircle(address, biases.bias_lonlat) ? 1 : 0)
  );
}
