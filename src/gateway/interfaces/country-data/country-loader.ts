/**
 * Country lookups by any code kind, batched per GraphQL request: a few distinct codes cost one
 * code search each; many cost the whole list, fetched in pages of 100. A loader may ask D for
 * only some record fields (`response_fields`); it then serves only the callers that need no more.
 */
import DataLoader from 'dataloader';
import type { UpstreamCaller } from '../../upstream/upstream-fetch.js';
import type { CountryCodesWire, CountryWire, Envelope } from './wire.js';

/** Up to this many distinct codes are looked up one by one; more fetch the full list. */
const SINGLE_LOOKUP_LIMIT = 3;
const PAGE_SIZE = 100;

const CODE_FIELDS: readonly (keyof CountryCodesWire)[] = ['alpha_2', 'alpha_3', 'ccn3', 'cioc', 'fifa', 'fips', 'gec'];

function hasCode(country: CountryWire, code: string): boolean {
  return CODE_FIELDS.some((field) => country.codes[field]?.toUpperCase() === code);
}

/** The record fields asked for (always with `codes`, which matching reads), or every field. */
type RecordFields = readonly string[] | undefined;

async function allCountries(caller: UpstreamCaller, fields: RecordFields): Promise<CountryWire[]> {
  const page = (offset: number) =>
    caller.upstream.get<Envelope<CountryWire>>('country-data', '/countries/v5', { limit: PAGE_SIZE, offset, response_fields: fields });
  const first = await page(0);
  const pages = [];
  for (let offset = PAGE_SIZE; offset < first.data.meta.total; offset += PAGE_SIZE) pages.push(page(offset));
  return [first, ...(await Promise.all(pages))].flatMap((answer) => answer.data.objects);
}

async function byCodes(caller: UpstreamCaller, codes: readonly string[], fields: RecordFields): Promise<(CountryWire | null)[]> {
  const wanted = codes.map((code) => code.toUpperCase());
  if (wanted.length > SINGLE_LOOKUP_LIMIT) {
    const countries = await allCountries(caller, fields);
    return wanted.map((code) => countries.find((country) => hasCode(country, code)) ?? null);
  }
  return Promise.all(
    wanted.map(async (code) => {
      const page = await caller.upstream.get<Envelope<CountryWire>>('country-data', '/countries/v5/code', {
        q: code,
        response_fields: fields,
      });
      return page.data.objects.find((country) => hasCode(country, code)) ?? null;
    }),
  );
}

/**
 * A loader from any country code (case-insensitive) to the country, or null if none has it;
 * with `fields` (which must include `codes`), the records hold only those fields.
 */
export function createCountryByCodeLoader(caller: UpstreamCaller, fields?: readonly string[]): DataLoader<string, CountryWire | null> {
  return new DataLoader((codes) => byCodes(caller, codes, fields), { cacheKeyFn: (code) => code.toUpperCase() });
}
