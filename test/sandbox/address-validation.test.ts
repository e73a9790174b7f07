/**
 * Sandbox C, cleansing and validation: address cleansing with match levels and scores
 * recomputed here from the documented weights, e-mail validation against the packaged
 * lists (never guessing deliverability), phone numbers, and place search.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckedClient } from '../../src/sandbox/address/checked-client.js';
import { UK_SAMPLE } from '../../src/sandbox/address/data/uk-sample.js';
import type { CleanseResult, EmailValidation, PhoneNumberValidation, Place, PlaceSuggestion } from '../../src/sandbox/address/types.js';
import { type Envelope, type ErrorBody, startAddressSandbox } from '../support/address-sandbox.js';

const require = createRequire(import.meta.url);
const sample = UK_SAMPLE.map((entry) => entry.address);

let client: CheckedClient;

beforeAll(async () => {
  const sandbox = await startAddressSandbox({ requestsPerSecond: 100_000 });
  client = sandbox.client;
  return () => sandbox.close();
});

async function cleanse(body: unknown): Promise<CleanseResult> {
  const answer = await client.request<Envelope<CleanseResult>>('POST', '/cleanse/addresses', { query: { api_key: 'iddqd' }, body });
  expect(answer.problems).toEqual([]);
  expect(answer.status).toBe(200);
  return answer.body.result;
}

async function result<T>(path: string, query: Record<string, string | boolean>): Promise<T> {
  const answer = await client.get<Envelope<T>>(path, query);
  expect(answer.problems).toEqual([]);
  expect(answer.status).toBe(200);
  return answer.body.result;
}

// The weights the document's description of confidence refers to, restated independently.
const WEIGHT = { postcode: 0.3, premise: 0.25, thoroughfare: 0.2, organisation: 0.1, post_town: 0.1, locality: 0.05 };
const round = (value: number) => Math.round(value * 10_000) / 10_000;

describe('address cleansing', () => {
  it('matches a complete address fully', async () => {
    const cleansed = await cleanse({ query: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A 2AA' });
    expect(cleansed).toMatchObject({
      confidence: 1,
      fit: 1,
      count: 1,
      organisation_match: 'FULL',
      premise_match: 'FULL',
      thoroughfare_match: 'FULL',
      postcode_match: 'FULL',
      post_town_match: 'FULL',
      locality_match: 'NA',
    });
    expect(cleansed.match).toEqual(sample.find((address) => address.udprn === 23747771));
  });

  it('scores a partial, abbreviated address lower in confidence but fully in fit', async () => {
    const cleansed = await cleanse({ query: '10 downing st london' });
    expect(cleansed.match?.udprn).toBe(23747771);
    expect(cleansed).toMatchObject({
      postcode_match: 'MISSING',
      organisation_match: 'MISSING',
      premise_match: 'FULL',
      thoroughfare_match: 'FULL',
    });
    const possible = WEIGHT.postcode + WEIGHT.premise + WEIGHT.thoroughfare + WEIGHT.organisation + WEIGHT.post_town;
    expect(cleansed.confidence).toBe(round((WEIGHT.premise + WEIGHT.thoroughfare + WEIGHT.post_town) / possible));
    expect(cleansed.fit).toBe(1);
  });

  it('scores a mistyped postcode as a partial match', async () => {
    const cleansed = await cleanse({ query: '10 Downing Street, London SW1A 2AB' });
    expect(cleansed.postcode_match).toBe('PARTIAL');
    const gained = WEIGHT.postcode * 0.5 + WEIGHT.premise + WEIGHT.thoroughfare + WEIGHT.post_town;
    expect(cleansed.confidence).toBe(round(gained / (gained - WEIGHT.postcode * 0.5 + WEIGHT.postcode + WEIGHT.organisation)));
    expect(cleansed.fit).toBe(round(gained / (WEIGHT.postcode + WEIGHT.premise + WEIGHT.thoroughfare + WEIGHT.post_town)));
  });

  it('reports a wrong house number as incorrect', async () => {
    const cleansed = await cleanse({ query: '11 Downing Street London SW1A 2AA' });
    expect(cleansed.match?.udprn).toBe(23747771);
    expect(cleansed.premise_match).toBe('INCORRECT');
  });

  it('takes the postcode from its own field and counts equally good matches', async () => {
    const byField = await cleanse({ query: 'House of Commons, Houses of Parliament', postcode: 'sw1a0aa' });
    expect(byField.match?.udprn).toBe(23747208);
    expect(byField.postcode_match).toBe('FULL');
    const ambiguous = await cleanse({ query: 'Westferry Circus, London E14' });
    expect(ambiguous.count).toBe(sample.filter((address) => address.thoroughfare === 'Westferry Circus').length);
  });

  it('answers no match with nulls and NO_MATCH levels', async () => {
    expect(await cleanse({ query: 'bakirkoy istanbul' })).toEqual({
      query: 'bakirkoy istanbul',
      match: null,
      count: 0,
      fit: 0,
      confidence: 0,
      organisation_match: 'NO_MATCH',
      premise_match: 'NO_MATCH',
      thoroughfare_match: 'NO_MATCH',
      postcode_match: 'NO_MATCH',
      locality_match: 'NO_MATCH',
      post_town_match: 'NO_MATCH',
    });
  });

  it('rejects a body without query (4001) and one that is not JSON (4000)', async () => {
    const missing = await client.request<ErrorBody>('POST', '/cleanse/addresses', {
      query: { api_key: 'iddqd' },
      body: { postcode: 'SW1A 2AA' },
    });
    expect(missing.problems).toEqual([]);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(4001);
    expect(missing.body.errors?.[0]?.errorCode).toBe('required.openapi.validation');
    const broken = await client.request<ErrorBody>('POST', '/cleanse/addresses', { query: { api_key: 'iddqd' }, body: '{"query": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe(4000);
  });
});

describe('e-mail validation', () => {
  const disposable = require('disposable-email-domains') as string[];
  const free = readFileSync(require.resolve('freemail/data/free.txt'), 'utf8').split('\n');

  it('flags disposable domains and role mailboxes, and leaves deliverability unknown', async () => {
    expect(disposable).toContain('mailinator.com');
    expect(await result<EmailValidation>('/emails', { api_key: 'iddqd', query: 'info@mailinator.com' })).toEqual({
      result: 'unknown',
      deliverable: null,
      catchall: null,
      disposable: true,
      free: false,
      role: true,
    });
    expect((await result<EmailValidation>('/emails', { api_key: 'iddqd', query: 'someone@eu.mailinator.com' })).disposable).toBe(true);
  });

  it('flags free mail providers', async () => {
    expect(free).toContain('gmail.com');
    expect(await result<EmailValidation>('/emails', { api_key: 'iddqd', query: 'Jane.Doe+news@gmail.com' })).toMatchObject({
      result: 'unknown',
      free: true,
      disposable: false,
      role: false,
    });
  });

  it('accepts internationalised addresses (RFC 6531)', async () => {
    expect(await result<EmailValidation>('/emails', { api_key: 'iddqd', query: 'jörg@bücher.de' })).toMatchObject({
      result: 'unknown',
      free: false,
      disposable: false,
    });
  });

  it('knows what cannot be delivered', async () => {
    for (const query of ['not an email', 'Bob <bob@example.com>', 'a..b@example.com', `${'x'.repeat(65)}@example.com`]) {
      expect(await result<EmailValidation>('/emails', { api_key: 'iddqd', query }), query).toMatchObject({
        result: 'not_deliverable',
        deliverable: false,
      });
    }
    expect(await result<EmailValidation>('/emails', { api_key: 'iddqd', query: 'postmaster@shop.test' })).toEqual({
      result: 'not_deliverable',
      deliverable: false,
      catchall: null,
      disposable: false,
      free: false,
      role: true,
    });
    expect((await result<EmailValidation>('/emails', { api_key: 'iddqd', query: 'root@localhost' })).result).toBe('not_deliverable');
  });

  it('requires the address', async () => {
    const answer = await client.get<ErrorBody>('/emails', { api_key: 'iddqd' });
    expect([answer.status, answer.body.code]).toEqual([400, 4001]);
  });
});

describe('phone number validation', () => {
  it('validates a UK number in any of the accepted notations', async () => {
    for (const query of ['02071128019', '+44 20 7112 8019', '0044 20 7112 8019', '442071128019']) {
      expect(await result<PhoneNumberValidation>('/phone_numbers', { api_key: 'iddqd', query }), query).toEqual({
        valid: true,
        national_format: '020 7112 8019',
        international_format: '442071128019',
        iso_country: 'GBR',
        iso_country_2: 'GB',
        country: 'United Kingdom',
        current_carrier: null,
        original_carrier: { network_code: null, name: null, country: 'GB', network_type: 'landline' },
      });
    }
  });

  it('reports the line type from the numbering plan', async () => {
    const mobile = await result<PhoneNumberValidation>('/phone_numbers', {
      api_key: 'iddqd',
      query: '07400 123456',
      current_carrier: true,
    });
    expect(mobile.original_carrier?.network_type).toBe('mobile');
    expect(mobile.current_carrier).toEqual(mobile.original_carrier);
    expect(
      (await result<PhoneNumberValidation>('/phone_numbers', { api_key: 'iddqd', query: '0800 1111' })).original_carrier?.network_type,
    ).toBe('landline_tollfree');
    expect(
      (await result<PhoneNumberValidation>('/phone_numbers', { api_key: 'iddqd', query: '09098790123' })).original_carrier?.network_type,
    ).toBe('landline_premium');
    expect(await result<PhoneNumberValidation>('/phone_numbers', { api_key: 'iddqd', query: '+1 202 456 1111' })).toMatchObject({
      iso_country: 'USA',
      national_format: '(202) 456-1111',
      international_format: '12024561111',
    });
  });

  it('answers an invalid number with nulls', async () => {
    expect(await result<PhoneNumberValidation>('/phone_numbers', { api_key: 'iddqd', query: '12345' })).toEqual({
      valid: false,
      national_format: null,
      international_format: null,
      iso_country: null,
      iso_country_2: null,
      country: null,
      current_carrier: null,
      original_carrier: null,
    });
  });
});

describe('places', () => {
  it('finds places by the beginning of their name', async () => {
    const hits = await result<{ hits: PlaceSuggestion[] }>('/places', { api_key: 'iddqd', query: 'lond' });
    expect(hits.hits[0]).toEqual({
      id: 'posttown_gbr_london',
      name: 'London',
      descriptive_name: 'London, England, United Kingdom',
      country_iso: 'GBR',
    });
    expect(hits.hits.length).toBe(10);
    expect(hits.hits.every((hit) => hit.name.toLowerCase().startsWith('lond'))).toBe(true);
  });

  it('ranks an exact country name first, and honours country filters and biases', async () => {
    expect((await result<{ hits: PlaceSuggestion[] }>('/places', { api_key: 'iddqd', q: 'united kingdom' })).hits[0]).toMatchObject({
      name: 'United Kingdom',
      country_iso: 'GBR',
    });
    const american = await result<{ hits: PlaceSuggestion[] }>('/places', { api_key: 'iddqd', query: 'springfield', country_iso: 'USA' });
    expect(american.hits.length).toBeGreaterThan(1);
    expect(american.hits.every((hit) => hit.country_iso === 'USA' && hit.name === 'Springfield')).toBe(true);
    expect(
      (await result<{ hits: PlaceSuggestion[] }>('/places', { api_key: 'iddqd', query: 'london', bias_country_iso: 'USA' })).hits[0]
        ?.country_iso,
    ).toBe('USA');
  });

  it('resolves a place with the centroid of its addresses', async () => {
    const london = sample.filter((address) => address.post_town === 'LONDON' && address.dataset === 'paf');
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const place = await result<Place>('/places/posttown_gbr_london', { api_key: 'iddqd' });
    expect(place).toMatchObject({ id: 'posttown_gbr_london', dataset: 'paf-sample', country_iso: 'GBR', language: 'en' });
    expect(place.latitude).toBeCloseTo(mean(london.map((address) => Number(address.latitude))), 5);
    expect(place.longitude).toBeCloseTo(mean(london.map((address) => Number(address.longitude))), 5);
  });

  it('answers 404 for an unknown place and 400 without a query', async () => {
    const unknown = await client.get<ErrorBody>('/places/nowhere', { api_key: 'iddqd' });
    expect(unknown.problems).toEqual([]);
    expect([unknown.status, unknown.body.code]).toEqual([404, 4040]);
    const empty = await client.get<ErrorBody>('/places', { api_key: 'iddqd' });
    expect([empty.status, empty.body.code]).toEqual([400, 4001]);
  });
});
