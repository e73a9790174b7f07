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

export interface CountryWire {
  names: {
    common: string;
    official: string;
    native: Record<string, LocalizedNameWire>;
    translations: Record<string, LocalizedNameWire>;
  };
  codes: { alpha_2: string; alpha_3: string };
  currencies: { code: string; name: string; symbol: string | null }[];
  demonyms: Record<string, { m: string; f: string }>;
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

export interface UserAgentWire {
  browser: Record<string, string | null>;
  os: Record<string, string | null>;
  device: Record<string, string | null>;
}
