/** The parts of interface D's wire format that hand-written resolvers read. */

export interface PageMeta {
  total: number;
  count: number;
  limit: number;
  offset: number;
  more: boolean;
}

/** `{ data: { objects, meta } }`, D's envelope for every answer. */
export interface Envelope<T> {
  data: { objects: T[]; meta: PageMeta };
}

export interface LocalizedNameWire {
  common: string;
  official: string;
}

/** A page of countries, as `countries` answers before the flat page fields read it. */
export type CountryPageWire = Envelope<CountryWire>;

export interface CountryNamesWire {
  common: string;
  official: string;
  native: Record<string, LocalizedNameWire>;
  translations: Record<string, LocalizedNameWire>;
}

/** Every code kind a country may have; the vendor sends null for the ones it lacks. */
export interface CountryCodesWire {
  alpha_2: string;
  alpha_3: string;
  ccn3?: string | null;
  cioc?: string | null;
  fifa?: string | null;
  fips?: string | null;
  gec?: string | null;
}

export interface CountryWire {
  names: CountryNamesWire;
  codes: CountryCodesWire;
  currencies: { code: string; name: string; symbol: string | null }[];
  demonyms: Record<string, { m: string; f: string }>;
  /** Alpha-3 codes of the neighbouring countries. */
  borders: string[];
}

export interface RateTableWire {
  base: string;
  date: string;
  rates: Record<string, number>;
}

export interface IpLookupWire {
  ip: string;
  version: number;
  location: { country: { name: string; alpha_2: string } | null };
}

/** One part of a parsed user agent (browser, OS, device...): its name, version, vendor... */
export type UserAgentPartWire = Record<string, string | null>;

export interface UserAgentWire {
  browser: UserAgentPartWire;
  os: UserAgentPartWire;
  device: UserAgentPartWire;
}
