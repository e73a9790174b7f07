/**
 * Wire shapes of the address interface, as `schema/address.yaml` documents them. Only the
 * shapes the sandbox builds itself are here; the tests check every answer against the
 * document, so a drift between these types and the YAML shows up there.
 */

/** A number, or the empty string the vendor sends when the value is not known. */
export type NumberOrEmpty = number | '';

export type UkDataset = 'paf' | 'mr' | 'nyb' | 'pafa' | 'pafw';

/** A UK address in Postcode Address File form (fields as recorded by the vendor). */
export interface UkAddress {
  id: string;
  dataset: UkDataset;
  country_iso: string;
  country_iso_2: string;
  country: string;
  language: string;
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  postcode: string;
  postcode_outward: string;
  postcode_inward: string;
  county: string;
  county_code: string;
  uprn: string;
  udprn: number;
  umprn: NumberOrEmpty;
  dependant_locality: string;
  double_dependant_locality: string;
  thoroughfare: string;
  dependant_thoroughfare: string;
  building_number: string;
  building_name: string;
  sub_building_name: string;
  po_box: string;
  department_name: string;
  organisation_name: string;
  postcode_type: string;
  su_organisation_indicator: string;
  delivery_point_suffix: string;
  premise: string;
  administrative_county: string;
  postal_county: string;
  traditional_county: string;
  district: string;
  ward: string;
  longitude: NumberOrEmpty;
  latitude: NumberOrEmpty;
  eastings: NumberOrEmpty;
  northings: NumberOrEmpty;
}

/** A US address in USPS ZIP+4 form; unknown values are empty strings. */
export interface UsAddress {
  id: string;
  dataset: 'usps';
  country: string;
  country_iso: string;
  country_iso_2: string;
  language: 'en';
  primary_number: string;
  secondary_number: string;
  plus_4_code: string;
  line_1: string;
  line_2: string;
  last_line: string;
  zip_code: string;
  zip_plus_4_code: string;
  update_key_number: string;
  record_type_code: string;
  carrier_route_id: string;
  street_pre_directional_abbreviation: string;
  street_name: string;
  street_suffix_abbreviation: string;
  street_post_directional_abbreviation: string;
  building_or_firm_name: string;
  address_secondary_abbreviation: string;
  base_alternate_code: string;
  lacs_status_indicator: string;
  government_building_indicator: string;
  state_abbreviation: string;
  state: string;
  municipality_city_state_key: string;
  urbanization_city_state_key: string;
  preferred_last_line_city_state_key: string;
  county: string;
  city: string;
  city_abbreviation: string;
  preferred_city: string;
  city_state_name_facility_code: string;
  zip_classification_code: string;
  city_state_mailing_name_indicator: string;
  carrier_route_rate_sortation: string;
  finance_number: NumberOrEmpty;
  congressional_district_number: NumberOrEmpty;
  county_number: NumberOrEmpty;
}

export interface AddressSuggestion {
  id: string;
  suggestion: string;
  urls: { udprn?: string; umprn?: string };
  udprn?: number;
  umprn?: number;
}

export type MatchLevel = 'FULL' | 'PARTIAL' | 'INCORRECT' | 'MISSING' | 'NA' | 'NO_MATCH';

export interface CleanseResult {
  query: string;
  match: UkAddress | null;
  count: number;
  fit: number;
  confidence: number;
  organisation_match: MatchLevel;
  premise_match: MatchLevel;
  thoroughfare_match: MatchLevel;
  postcode_match: MatchLevel;
  locality_match: MatchLevel;
  post_town_match: MatchLevel;
}

export interface EmailValidation {
  result: 'deliverable' | 'not_deliverable' | 'unknown';
  deliverable: boolean | null;
  disposable: boolean | null;
  free: boolean | null;
  role: boolean | null;
  catchall: boolean | null;
}

export type NetworkType = 'mobile' | 'landline' | 'landline_premium' | 'landline_tollfree' | 'virtual' | 'unknown' | 'pager';

export interface PhoneCarrier {
  network_code: string | null;
  name: string | null;
  country: string | null;
  network_type: NetworkType | null;
}

export interface PhoneNumberValidation {
  valid: boolean;
  national_format: string | null;
  international_format: string | null;
  iso_country: string | null;
  iso_country_2: string | null;
  country: string | null;
  current_carrier: PhoneCarrier | null;
  original_carrier: PhoneCarrier | null;
}

export interface PlaceSuggestion {
  id: string;
  name: string;
  descriptive_name: string;
  country_iso: string;
}

export interface Place extends PlaceSuggestion {
  dataset: string;
  language: string;
  longitude: number;
  latitude: number;
}

export interface Config {
  name: string;
  payload: string;
  createdAt: string;
  updatedAt: string;
}

export interface Licensee {
  id: string;
  key: string;
  createdAt: string;
  name: string;
  address: string;
  postcode: string;
  whitelist: string[];
  daily: { limit: number | null; count: number; updatedAt: string };
}
