/**
 * Sandbox C, autocompletion: UK suggestions in the vendor's format (compared with its
 * recorded answers), US suggestions parsed and checked against the ZIP dataset, filters,
 * limits and input bounds, and the resolution of suggestions into full records.
 */
import { createRequire } from 'node:module';
import { autocomplete as autocompleteFixtures } from '@ideal-postcodes/api-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckedClient } from '../../src/sandbox/address/checked-client.js';
import { UK_SAMPLE } from '../../src/sandbox/address/data/uk-sample.js';
import type { AddressSuggestion, UkAddress, UsAddress } from '../../src/sandbox/address/types.js';
import { type Envelope, refused, startAddressSandbox } from '../support/address-sandbox.js';

type Suggestions = Envelope<{ hits: AddressSuggestion[] }>;

const sample = UK_SAMPLE.map((entry) => entry.address);
// The ZIP dataset itself, read directly so the expectations do not go through sandbox code.
const zipcodes = createRequire(import.meta.url)('zipcodes') as { lookupByName(city: string, state: string): { zip: string }[] };

let client: CheckedClient;

beforeAll(async () => {
  const sandbox = await startAddressSandbox({ requestsPerSecond: 100_000 });
  client = sandbox.client;
  return () => sandbox.close();
});

async function suggest(query: Record<string, string | number>): Promise<AddressSuggestion[]> {
  const answer = await client.get<Suggestions>('/autocomplete/addresses', query);
  expect(answer.problems).toEqual([]);
  expect(answer.status).toBe(200);
  return answer.body.result.hits;
}

describe('UK suggestions', () => {
  it('suggests as the user types, in the vendor format', async () => {
    const [first] = await suggest({ api_key: 'iddqd', query: '10 downi' });
    expect(first).toEqual({
      id: 'paf_23747771',
      suggestion: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A',
      urls: { udprn: '/v1/udprn/23747771' },
      udprn: 23747771,
    });
    // Same properties as the vendor's recorded suggestions (which predate `id`).
    const [recorded] = autocompleteFixtures.success.body.result.hits;
    expect(Object.keys(first ?? {}).sort()).toEqual([...Object.keys(recorded ?? {}), 'id'].sort());
  });

  it('suggests Multiple Residence households with their UMPRN, like the recordings', async () => {
    const hits = await suggest({ api_key: 'iddqdmr', query: 'room 10 block 1 arthur' });
    const household = sample.find((address) => address.line_1 === 'Room 10, Block 1 Arthur Vick') as UkAddress;
    expect(hits[0]).toEqual({
      id: household.id,
      suggestion: 'Room 10, Block 1 Arthur Vick, Gibbet Hill Road, Coventry, CV4',
      urls: { udprn: `/v1/udprn/${household.udprn}`, umprn: `/v1/umprn/${household.umprn}` },
      udprn: household.udprn,
      umprn: household.umprn,
    });
    const [recorded] = autocompleteFixtures.multipleResidence.success.body.result.hits;
    expect(Object.keys(hits[0] ?? {}).sort()).toEqual([...Object.keys(recorded ?? {}), 'id'].sort());
    // Without the Multiple Residence dataset the households are not suggested.
    expect((await suggest({ api_key: 'iddqd', query: 'room 10 block 1 arthur' })).length).toBe(0);
  });

  it('returns nothing for an unknown place, as recorded', async () => {
    const answer = await client.get<Suggestions>('/autocomplete/addresses', { api_key: 'iddqd', q: 'uskudar' });
    expect(answer.body).toEqual(autocompleteFixtures.empty.body);
  });

  it('limits suggestions, except for a whole postcode', async () => {
    expect(await suggest({ api_key: 'iddqdmr', query: 'gibbet', limit: 5 })).toHaveLength(5);
    expect(await suggest({ api_key: 'iddqdmr', query: 'gibbet' })).toHaveLength(10);
    expect(await suggest({ api_key: 'iddqdmr', query: 'cv4 7al' })).toHaveLength(
      sample.filter((address) => address.postcode === 'CV4 7AL').length,
    );
  });

  it('applies filters and biases', async () => {
    const filtered = await suggest({ api_key: 'iddqd', query: 'westferry', postcode: 'E14 4HD' });
    expect(filtered.map((hit) => hit.udprn)).toEqual(
      sample.filter((address) => address.postcode === 'E14 4HD').map((address) => address.udprn),
    );
    const biased = await suggest({ api_key: 'iddqd', query: 'westferry', bias_postcode: 'E14 4HE' });
    expect(biased.slice(0, 3).map((hit) => hit.udprn)).toEqual(
      sample.filter((address) => address.postcode === 'E14 4HE').map((address) => address.udprn),
    );
    expect(biased).toHaveLength(7);
  });

  it('rejects empty and over-long queries, with either parameter name', async () => {
    await refused(client, '/autocomplete/addresses', { api_key: 'iddqd' }, 400, 4001);
    await refused(client, '/autocomplete/addresses', { api_key: 'iddqd', query: '' }, 400, 4001);
    const long = await refused(client, '/autocomplete/addresses', { api_key: 'iddqd', query: 'a'.repeat(151) }, 400, 4001);
    expect(long.errors?.[0]).toMatchObject({ path: '.query.query', errorCode: 'maxLength.openapi.validation' });
    await refused(client, '/autocomplete/addresses', { api_key: 'iddqd', q: 'a'.repeat(151) }, 400, 4001);
    expect(await suggest({ api_key: 'iddqd', query: 'a'.repeat(150) })).toEqual([]);
  });
});

describe('US suggestions', () => {
  it('suggests one address per ZIP code of the city when no ZIP is given', async () => {
    const hits = await suggest({ api_key: 'iddqd', query: '1600 Pennsylvania Ave NW Washington DC' });
    const zips = zipcodes
      .lookupByName('Washington', 'DC')
      .map((record) => record.zip)
      .sort();
    expect(hits).toHaveLength(10);
    expect(hits.map((hit) => hit.suggestion)).toEqual(zips.slice(0, 10).map((zip) => `1600 PENNSYLVANIA AVE NW, Washington, DC ${zip}`));
    expect(hits.every((hit) => hit.id.startsWith('usps_') && hit.udprn === undefined)).toBe(true);
  });

  it('suggests the one address a ZIP code pins down, and nothing when city and ZIP disagree', async () => {
    const hits = await suggest({ api_key: 'iddqd', query: '1600 Pennsylvania Ave NW, Washington, DC 20500', context: 'usa' });
    expect(hits.map((hit) => hit.suggestion)).toEqual(['1600 PENNSYLVANIA AVE NW, Washington, DC 20500']);
    expect(await suggest({ api_key: 'iddqd', query: '1600 Pennsylvania Ave NW, Springfield, DC 20500', context: 'usa' })).toEqual([]);
  });

  it('honours the context', async () => {
    expect(await suggest({ api_key: 'iddqd', query: '10 downing', context: 'usa' })).toEqual([]);
    expect(await suggest({ api_key: 'iddqd', query: '10 downing', context: 'irl' })).toEqual([]);
    expect((await suggest({ api_key: 'iddqd', query: '10 downing', context: 'gbr' }))[0]?.udprn).toBe(23747771);
  });
});

describe('resolving suggestions', () => {
  it('resolves a UK suggestion to the full address', async () => {
    const [hit] = await suggest({ api_key: 'iddqd', query: 'houses of parliament' });
    const answer = await client.get<Envelope<UkAddress>>(`/autocomplete/addresses/${hit?.id}/gbr`, { api_key: 'iddqd' });
    expect(answer.problems).toEqual([]);
    expect(answer.body.result).toEqual(sample.find((address) => address.udprn === 23747208));
  });

  it('resolves a household only for a Multiple Residence key', async () => {
    const ok = await client.get<Envelope<UkAddress>>('/autocomplete/addresses/mr_50906066/gbr', { api_key: 'iddqdmr' });
    expect(ok.status).toBe(200);
    expect(ok.body.result.umprn).toBe(50906066);
    await refused(client, '/autocomplete/addresses/mr_50906066/gbr', { api_key: 'iddqd' }, 404, 4046);
    await refused(client, '/autocomplete/addresses/paf_1/gbr', { api_key: 'iddqd' }, 404, 4044);
  });

  it('resolves a US suggestion to a USPS record built from the ZIP dataset', async () => {
    const [hit] = await suggest({ api_key: 'iddqd', query: '1600 Pennsylvania Ave NW, Washington, DC 20500' });
    const answer = await client.get<Envelope<UsAddress>>(`/autocomplete/addresses/${hit?.id}/usa`, { api_key: 'iddqd' });
    expect(answer.problems).toEqual([]);
    expect(answer.body.result).toMatchObject({
      id: hit?.id,
      dataset: 'usps',
      country: 'United States',
      country_iso_2: 'US',
      line_1: '1600 PENNSYLVANIA AVE NW',
      last_line: 'WASHINGTON DC 20500',
      zip_code: '20500',
      zip_plus_4_code: '',
      record_type_code: 'S',
      city: 'WASHINGTON',
      preferred_city: 'WASHINGTON',
      state: 'District of Columbia',
      // Not in the ZIP dataset, so not invented.
      county: '',
      carrier_route_id: '',
    });
  });

  it('refuses ids that do not resolve, or no longer agree with the ZIP dataset', async () => {
    await refused(client, '/autocomplete/addresses/usps_garbage/usa', { api_key: 'iddqd' }, 404, 4044);
    await refused(client, '/autocomplete/addresses/paf_23747771/usa', { api_key: 'iddqd' }, 404, 4044);
    const forged = `usps_${Buffer.from(
      JSON.stringify({
        number: '1',
        prefix: '',
        street: 'MAIN',
        type: 'ST',
        suffix: '',
        unitType: '',
        unitNumber: '',
        poBox: '',
        city: 'WASHINGTON',
        state: 'CA',
        zip: '20500',
        plus4: '',
      }),
    ).toString('base64url')}`;
    await refused(client, `/autocomplete/addresses/${forged}/usa`, { api_key: 'iddqd' }, 404, 4044);
  });
});
