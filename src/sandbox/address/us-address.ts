/**
 * US addresses from free text: `parse-address` splits the text into USPS elements, and the
 * ZIP dataset checks that ZIP, state and city agree. What the sandbox cannot know offline
 * (carrier route, county, USPS file keys, ZIP+4 unless written) stays an empty string.
 */
import { createRequire } from 'node:module';
import type { UsAddress } from './types.js';
import { cityFitsZip, countryOfState, lookupZip, stateName, type ZipRecord, zipsOfCity } from './us-zip.js';

/** The elements of a US address as parsed from text. */
export interface UsParts {
  number: string;
  prefix: string;
  street: string;
  type: string;
  suffix: string;
  unitType: string;
  unitNumber: string;
  poBox: string;
  city: string;
  state: string;
  zip: string;
  plus4: string;
}

interface ParsedLocation {
  number?: string;
  prefix?: string;
  street?: string;
  type?: string;
  suffix?: string;
  sec_unit_type?: string;
  sec_unit_num?: string;
  city?: string;
  state?: string;
  zip?: string;
  plus4?: string;
}

const require = createRequire(import.meta.url);
// CommonJS without type declarations; only `parseLocation` is used.
const parser = require('parse-address') as { parseLocation(text: string): ParsedLocation | null };

// USPS Publication 28 abbreviations of secondary unit designators.
const UNIT_ABBREVIATIONS: Record<string, string> = {
  apartment: 'APT',
  apt: 'APT',
  suite: 'STE',
  ste: 'STE',
  unit: 'UNIT',
  floor: 'FL',
  fl: 'FL',
  room: 'RM',
  rm: 'RM',
  building: 'BLDG',
  bldg: 'BLDG',
  department: 'DEPT',
  dept: 'DEPT',
  lot: 'LOT',
  space: 'SPC',
  spc: 'SPC',
  trailer: 'TRLR',
  penthouse: 'PH',
  ph: 'PH',
  basement: 'BSMT',
  office: 'OFC',
  ofc: 'OFC',
  hangar: 'HNGR',
  pier: 'PIER',
  slip: 'SLIP',
  '#': '#',
};

const upper = (value: string | undefined): string => (value ?? '').trim().toUpperCase();

/** Parses free text as a US street address or PO Box; undefined when it is neither. */
export function parseUsText(text: string): UsParts | undefined {
  const parsed = parser.parseLocation(text);
  if (!parsed) return undefined;
  const isPoBox = /^p\.?\s*o\.?\s*box$/i.test(parsed.sec_unit_type ?? '');
  if (!isPoBox && !(parsed.number && parsed.street && parsed.type)) return undefined;
  const unit = (parsed.sec_unit_type ?? '').toLowerCase();
  return {
    number: isPoBox ? '' : upper(parsed.number),
    prefix: upper(parsed.prefix),
    street: isPoBox ? '' : upper(parsed.street),
    type: isPoBox ? '' : upper(parsed.type),
    suffix: upper(parsed.suffix),
    unitType: isPoBox ? '' : (UNIT_ABBREVIATIONS[unit] ?? upper(parsed.sec_unit_type)),
    unitNumber: isPoBox ? '' : upper(parsed.sec_unit_num),
    poBox: isPoBox ? upper(parsed.sec_unit_num) : '',
    city: upper(parsed.city),
    state: upper(parsed.state),
    zip: parsed.zip ?? '',
    plus4: parsed.plus4 ?? '',
  };
}

/** The ZIP codes the parts may belong to: the written one if it fits, else the city's ZIPs. */
export function candidateZips(parts: UsParts): ZipRecord[] {
  if (parts.zip) {
    const record = lookupZip(parts.zip);
    if (!record) return [];
    if (parts.state && parts.state !== record.state) return [];
    if (parts.city && !cityFitsZip(parts.city, record)) return [];
    return [record];
  }
  return parts.city && parts.state ? zipsOfCity(parts.city, parts.state) : [];
}

/** A stable id that carries the parts, so resolving it needs no stored state. */
export function usAddressId(parts: UsParts): string {
  return `usps_${Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url')}`;
}

function partsFromId(id: string): UsParts | undefined {
  if (!id.startsWith('usps_')) return undefined;
  try {
    const value = JSON.parse(Buffer.from(id.slice(5), 'base64url').toString('utf8')) as Partial<UsParts>;
    const keys: (keyof UsParts)[] = [
      'number',
      'prefix',
      'street',
      'type',
      'suffix',
      'unitType',
      'unitNumber',
      'poBox',
      'city',
      'state',
      'zip',
      'plus4',
    ];
    return keys.every((key) => typeof value[key] === 'string') ? (value as UsParts) : undefined;
  } catch {
    return undefined;
  }
}

/** The full USPS record for parts whose ZIP is known; city and state come from the ZIP. */
export function buildUsAddress(parts: UsParts, zip: ZipRecord): UsAddress {
  const withZip: UsParts = { ...parts, zip: zip.zip, state: zip.state, city: parts.city || zip.city.toUpperCase() };
  const { country, iso3, iso2 } = countryOfState(zip.state);
  const street = [withZip.number, withZip.prefix, withZip.street, withZip.type, withZip.suffix].filter(Boolean).join(' ');
  const unit = [withZip.unitType, withZip.unitNumber].filter(Boolean).join(' ');
  const line1 = withZip.poBox ? `PO BOX ${withZip.poBox}` : [street, unit].filter(Boolean).join(' ');
  const zipPlus4 = withZip.plus4 ? `${zip.zip}-${withZip.plus4}` : '';
  let recordType = 'S';
  if (withZip.poBox) recordType = 'P';
  else if (unit) recordType = 'H';
  return {
    id: usAddressId(withZip),
    dataset: 'usps',
    country,
    country_iso: iso3,
    country_iso_2: iso2,
    language: 'en',
    primary_number: withZip.poBox || withZip.number,
    secondary_number: withZip.unitNumber,
    plus_4_code: withZip.plus4,
    line_1: line1,
    line_2: '',
    last_line: `${withZip.city} ${zip.state} ${zipPlus4 || zip.zip}`,
    zip_code: zip.zip,
    zip_plus_4_code: zipPlus4,
    update_key_number: '',
    record_type_code: recordType,
    carrier_route_id: '',
    street_pre_directional_abbreviation: withZip.prefix,
    street_name: withZip.poBox ? 'PO BOX' : withZip.street,
    street_suffix_abbreviation: withZip.type,
    street_post_directional_abbreviation: withZip.suffix,
    building_or_firm_name: '',
    address_secondary_abbreviation: withZip.unitType,
    base_alternate_code: '',
    lacs_status_indicator: '',
    government_building_indicator: '',
    state_abbreviation: zip.state,
    state: stateName(zip.state) ?? '',
    municipality_city_state_key: '',
    urbanization_city_state_key: '',
    preferred_last_line_city_state_key: '',
    county: '',
    city: withZip.city,
    city_abbreviation: '',
    preferred_city: zip.city.toUpperCase(),
    city_state_name_facility_code: '',
    zip_classification_code: '',
    city_state_mailing_name_indicator: '',
    carrier_route_rate_sortation: '',
    finance_number: '',
    congressional_district_number: '',
    county_number: '',
  };
}

/** Resolves a `usps_` id back to its record, re-checking it against the ZIP dataset. */
export function usAddressFromId(id: string): UsAddress | undefined {
  const parts = partsFromId(id);
  if (!parts) return undefined;
  const [zip, ...others] = candidateZips(parts);
  return zip && others.length === 0 ? buildUsAddress(parts, zip) : undefined;
}

/** Every record the text may denote: one per candidate ZIP (several when no ZIP was written). */
export function usAddressesFromText(text: string): UsAddress[] {
  const parts = parseUsText(text);
  if (!parts) return [];
  return candidateZips(parts).map((zip) => buildUsAddress(parts, zip));
}
