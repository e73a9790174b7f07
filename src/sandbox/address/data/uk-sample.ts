/**
 * The UK sample: real addresses the vendor returned in recorded answers, copied from the npm
 * package `@ideal-postcodes/api-fixtures` into `uk-sample.json`, each with the fixture(s) it
 * was found in. The recorded fields are kept verbatim; the fields the current service adds
 * (`id`, `dataset`, `country_iso`, `country_iso_2`, `language`, `county_code`) are derived
 * here, and `uprn` is empty where the recording did not include one (as the vendor does for
 * an unknown UPRN).
 */
import { readFileSync } from 'node:fs';
import type { NumberOrEmpty, UkAddress } from '../types.js';

/** The fields of an address exactly as recorded. */
export type RecordedUkAddress = Omit<
  UkAddress,
  'id' | 'dataset' | 'country_iso' | 'country_iso_2' | 'language' | 'county_code' | 'uprn'
> & {
  uprn?: string;
};

export interface SampleEntry {
  /** Fixtures of `@ideal-postcodes/api-fixtures` holding this address, first one is the copy kept. */
  sources: string[];
  recorded: RecordedUkAddress;
  address: UkAddress;
}

interface SampleFile {
  description: string;
  records: { sources: string[]; address: RecordedUkAddress }[];
}

// Crown dependencies have their own ISO codes; their postcode areas tell them apart.
const CROWN_DEPENDENCIES: Record<string, [string, string]> = { JE: ['JEY', 'JE'], GY: ['GGY', 'GG'], IM: ['IMN', 'IM'] };

function isoCodesOf(postcodeOutward: string): [string, string] {
  const area = postcodeOutward.replace(/\d.*$/, '');
  return CROWN_DEPENDENCIES[area] ?? ['GBR', 'GB'];
}

function complete(recorded: RecordedUkAddress): UkAddress {
  const umprn: NumberOrEmpty = recorded.umprn;
  const [countryIso, countryIso2] = isoCodesOf(recorded.postcode_outward);
  return {
    id: umprn === '' ? `paf_${recorded.udprn}` : `mr_${umprn}`,
    dataset: umprn === '' ? 'paf' : 'mr',
    country_iso: countryIso,
    country_iso_2: countryIso2,
    language: 'en',
    county_code: '',
    ...recorded,
    uprn: recorded.uprn ?? '',
  };
}

function load(): SampleEntry[] {
  const file = JSON.parse(readFileSync(new URL('./uk-sample.json', import.meta.url), 'utf8')) as SampleFile;
  return file.records.map(({ sources, address }) => ({ sources, recorded: address, address: complete(address) }));
}

/** Every address of the sample with its provenance. */
export const UK_SAMPLE: readonly SampleEntry[] = load();
