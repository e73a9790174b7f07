/**
 * IP → country from the CC0 `@ip-location-db/geo-whois-asn-country-mmdb` database (built from
 * registry WHOIS and ASN data), read with `maxmind`. The database knows countries only, so the
 * city is always null; the continent comes from the sandbox's country records.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';
import type { CountryRecord } from './country-records.js';

interface CountryCodeRow {
  country_code: string;
}

const require = createRequire(import.meta.url);
let reader: Reader<Response> | undefined;

function database(): Reader<Response> {
  reader ??= new Reader<Response>(readFileSync(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')));
  return reader;
}

const CONTINENT_CODES: Record<string, string> = {
  Africa: 'AF',
  Antarctica: 'AN',
  Asia: 'AS',
  Europe: 'EU',
  'North America': 'NA',
  Oceania: 'OC',
  'South America': 'SA',
};

/** The IP version (4 or 6), or 0 when the text is not an address. */
export function ipVersion(ip: string): 0 | 4 | 6 {
  return isIP(ip) as 0 | 4 | 6;
}

/** Locates an address; private, loopback and unallocated ranges have no country. */
export function locateIp(ip: string, records: readonly CountryRecord[]): Record<string, unknown> {
  const version = ipVersion(ip);
  // This database's rows hold only a country code, not the GeoIP2 shape maxmind's types assume.
  const row = database().get(ip) as unknown as CountryCodeRow | null;
  const alpha2 = row?.country_code;
  const record = alpha2 ? records.find((r) => r.codes.alpha_2 === alpha2) : undefined;
  const continentName = (record?.continents as string[] | undefined)?.[0];
  return {
    ip,
    version,
    location: {
      country: record ? { name: record.names.common, alpha_2: record.codes.alpha_2 } : null,
      continent: continentName ? { name: continentName, code: CONTINENT_CODES[continentName] ?? '' } : null,
      city: null,
    },
  };
}
