/**
 * Sandbox C, keys: authentication by query or header, allowed URLs, balance and limits
 * (compared with the vendor's recorded error answers), key availability and details, the
 * usage report and CSV log computed from the lookups made here, and the per-IP rate limit
 * proven with a fake clock.
 */
import { errors as errorFixtures, keys as keyFixtures } from '@ideal-postcodes/api-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedClient } from '../../src/sandbox/address/checked-client.js';
import { type AddressSandboxOptions, DEFAULT_KEYS } from '../../src/sandbox/address/index.js';
import { type AddressSandbox, type Envelope, type ErrorBody, startAddressSandbox } from '../support/address-sandbox.js';

interface KeyDetails {
  lookups_remaining: number;
  daily_limit: { limit: number | null; consumed: number };
  current_purchases: { expires: string | null; purchased: number; consumed: number }[];
}
interface KeyUsage {
  start: string;
  end: string;
  total: number;
  dailyCount: { date: string; count: number }[];
}

const DAY = 86_400_000;
let clock = Date.parse('2026-11-20T09:00:00.000Z');
/** When `ak_sandbox` was first charged (set by the details test, read by the later ones). */
let firstUse = Number.NaN;

const KEYS = [
  ...DEFAULT_KEYS,
  { key: 'ak_limited', userToken: 'uk_limited', balance: 3, dailyLimit: 2 },
  { key: 'ak_per_ip', balance: 100, individualLimit: 1 },
  { key: 'ak_shop', balance: 100, allowedUrls: ['https://shop.example.com/checkout'] },
  { key: 'ak_last', balance: 1 },
];

const sandboxes: AddressSandbox[] = [];
let client: CheckedClient;

/** Starts a sandbox on the file's clock; it is stopped after the file's tests. */
async function start(options: AddressSandboxOptions): Promise<CheckedClient> {
  const sandbox = await startAddressSandbox({ now: () => clock, ...options });
  sandboxes.push(sandbox);
  return sandbox.client;
}

beforeAll(async () => {
  client = await start({ keys: KEYS, requestsPerSecond: 100_000 });
});

afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.close();
});

async function call<T>(path: string, query: Record<string, string | number | undefined>, headers?: Record<string, string>) {
  const answer = await client.get<T>(path, query, headers);
  expect(answer.problems).toEqual([]);
  return answer;
}

const lookup = (apiKey: string, headers?: Record<string, string>, postcode = 'SW1A2AA') =>
  call<ErrorBody>(`/postcodes/${postcode}`, { api_key: apiKey }, headers);
const details = async (key: string, token: string) =>
  (await call<Envelope<KeyDetails>>(`/keys/${key}/details`, { user_token: token })).body.result;

describe('authentication', () => {
  it('refuses a missing or unknown key exactly as the vendor does', async () => {
    for (const apiKey of [undefined, 'ak_nobody']) {
      const answer = await lookup(apiKey as string);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(errorFixtures.invalidKey.body);
    }
  });

  it('accepts the key in the Authorization header, with or without the scheme', async () => {
    expect((await call('/postcodes/SW1A2AA', {}, { authorization: 'IDEALPOSTCODES api_key="iddqd"' })).status).toBe(200);
    expect((await call('/postcodes/SW1A2AA', {}, { authorization: 'api_key="iddqd" other_key="x"' })).status).toBe(200);
  });

  it('refuses a request from a URL the key does not allow', async () => {
    const refused = await lookup('ak_shop', { origin: 'https://evil.example.com' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(errorFixtures.invalidUrl.body);
    expect((await lookup('ak_shop', { referer: 'https://shop.example.com/basket?id=1' })).status).toBe(200);
    // Server-to-server calls carry no Origin to check.
    expect((await lookup('ak_shop')).status).toBe(200);
  });
});

describe('balance and limits', () => {
  it('charges only answers with addresses, and stops at an empty balance', async () => {
    expect((await lookup('ak_last', {}, 'SW1A1AA')).status).toBe(404);
    expect((await lookup('ak_last')).status).toBe(200);
    const depleted = await lookup('ak_last');
    expect(depleted.status).toBe(402);
    expect(depleted.body).toEqual(errorFixtures.balanceDepleted.body);
    expect((await lookup('idkfa')).body).toEqual(errorFixtures.balanceDepleted.body);
    // Suggestions are free, so an empty balance does not block them.
    expect((await call('/autocomplete/addresses', { api_key: 'idkfa', query: '10 downing' })).status).toBe(200);
  });

  it('enforces the daily limit until the next UTC day', async () => {
    expect((await lookup('ak_limited')).status).toBe(200);
    expect((await lookup('ak_limited')).status).toBe(200);
    const limited = await lookup('ak_limited');
    expect(limited.status).toBe(402);
    expect(limited.body).toEqual(errorFixtures.dailyLimitReached.body);
    expect((await call<Envelope<{ available: boolean }>>('/keys/ak_limited', {})).body.result.available).toBe(false);
    clock += DAY;
    expect((await lookup('ak_limited')).status).toBe(200);
    expect((await lookup('ak_limited')).body.code).toBe(4020);
  });

  it('enforces the per-IP limit per client address', async () => {
    expect((await lookup('ak_per_ip', { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    expect((await lookup('ak_per_ip', { 'x-forwarded-for': '203.0.113.1' })).body.code).toBe(4021);
    expect((await lookup('ak_per_ip', { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
  });
});

describe('key availability', () => {
  it('answers for the vendor test keys as recorded, with contexts', async () => {
    const available = await call<Envelope<{ available: boolean; context: string; contexts: unknown[] }>>('/keys/iddqd', {});
    expect(available.body).toMatchObject(keyFixtures.check.available.body);
    expect(available.body.result.context).toBe('GBR');
    expect(available.body.result.contexts).toEqual([
      { iso_3: 'GBR', iso_2: 'GB', description: 'United Kingdom', emoji: '🇬🇧', rgeo: true },
      { iso_3: 'USA', iso_2: 'US', description: 'United States of America', emoji: '🇺🇸', rgeo: false },
    ]);
    expect((await call('/keys/idkfa', {})).body).toMatchObject(keyFixtures.check.unavailable.body);
    const unknown = await call('/keys/foo', {});
    expect([unknown.status, unknown.body]).toEqual([404, keyFixtures.check.invalid.body]);
  });

  it('is unavailable from a URL the key does not allow', async () => {
    const answer = await call<Envelope<{ available: boolean }>>('/keys/ak_shop', {}, { origin: 'https://evil.example.com' });
    expect(answer.body.result.available).toBe(false);
  });
});

describe('key details and usage', () => {
  it('needs the key owner user token, by query or header', async () => {
    for (const [query, headers] of [
      [{}, undefined],
      [{ user_token: 'uk_wrong' }, undefined],
    ] as const) {
      const answer = await call<ErrorBody>('/keys/ak_sandbox/details', query, headers);
      expect([answer.status, answer.body.code]).toEqual([401, 4012]);
    }
    expect((await call('/keys/iddqd/details', { user_token: 'uk_sandbox' })).body).toMatchObject({ code: 4012 });
    expect((await call('/keys/ak_nobody/details', { user_token: 'uk_sandbox' })).body).toMatchObject({ code: 4042 });
    expect((await call('/keys/ak_sandbox/details', {}, { authorization: 'IDEALPOSTCODES user_token="uk_sandbox"' })).status).toBe(200);
  });

  it('shows the balance, the day count and the purchase computed from the lookups made', async () => {
    const before = await details('ak_sandbox', 'uk_sandbox');
    expect(before).toMatchObject({
      lookups_remaining: 10_000,
      daily_limit: { limit: null, consumed: 0 },
      current_purchases: [{ expires: null, purchased: 10_000, consumed: 0 }],
    });
    firstUse = clock;
    await call('/postcodes/SW1A2AA', { api_key: 'ak_sandbox', tags: 'web,checkout' });
    await call('/udprn/23747208', { api_key: 'ak_sandbox' });
    await call('/addresses', { api_key: 'ak_sandbox', query: 'no such place at all' });
    await call('/autocomplete/addresses', { api_key: 'ak_sandbox', query: '10 downing' });
    const after = await details('ak_sandbox', 'uk_sandbox');
    // Two paid answers with addresses; the empty search and the suggestions are free.
    expect(after).toMatchObject({
      lookups_remaining: 9_998,
      daily_limit: { consumed: 2 },
      current_purchases: [{ expires: new Date(firstUse + 365 * DAY).toISOString(), purchased: 10_000, consumed: 2 }],
    });
  });

  it('reports lookups per day, latest first, filtered by tags', async () => {
    clock += DAY;
    await call('/postcodes/E144HE', { api_key: 'ak_sandbox', tags: 'web' });
    await call('/postcodes/E144HD', { api_key: 'ak_sandbox', tags: 'web' });
    const usage = (await call<Envelope<KeyUsage>>('/keys/ak_sandbox/usage', { user_token: 'uk_sandbox' })).body.result;
    const today = new Date(Math.floor(clock / DAY) * DAY).toISOString();
    const yesterday = new Date(Math.floor(clock / DAY) * DAY - DAY).toISOString();
    expect(usage).toEqual({
      start: new Date(clock - 21 * DAY).toISOString(),
      end: new Date(clock).toISOString(),
      total: 4,
      dailyCount: [
        { date: today, count: 2 },
        { date: yesterday, count: 2 },
      ],
    });
    const web = (await call<Envelope<KeyUsage>>('/keys/ak_sandbox/usage', { user_token: 'uk_sandbox', tags: 'web' })).body.result;
    expect(web.total).toBe(3);
    const both = (await call<Envelope<KeyUsage>>('/keys/ak_sandbox/usage', { user_token: 'uk_sandbox', tags: 'web,checkout' })).body.result;
    expect(both.dailyCount).toEqual([{ date: yesterday, count: 1 }]);
    const earlier = (
      await call<Envelope<KeyUsage>>('/keys/ak_sandbox/usage', { user_token: 'uk_sandbox', start: clock - 10 * DAY, end: clock - DAY / 2 })
    ).body.result;
    expect(earlier.total).toBe(2);
  });

  it('rejects wrong intervals and too many tags with the vendor codes', async () => {
    const cases: [Record<string, string | number>, number][] = [
      [{ start: 'yesterday' }, 4005],
      [{ end: -5 }, 4006],
      [{ start: clock, end: clock - 1 }, 4007],
      [{ start: clock - 91 * DAY, end: clock }, 4008],
      [{ tags: 'a,b,c,d' }, 4009],
    ];
    for (const [query, code] of cases) {
      const answer = await call<ErrorBody>('/keys/ak_sandbox/usage', { user_token: 'uk_sandbox', ...query });
      expect([answer.status, answer.body.code], JSON.stringify(query)).toEqual([400, code]);
    }
  });

  it('downloads the lookup log as CSV', async () => {
    const answer = await call<string>('/keys/ak_sandbox/lookups', { user_token: 'uk_sandbox' });
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = answer.body.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(`${new Date(firstUse).toISOString()},127.0.0.1,SW1A2AA,,Postcode Lookup,"web,checkout"`);
    expect(lines[1]).toBe(`${new Date(firstUse).toISOString()},127.0.0.1,23747208,,UDPRN Lookup,`);
    expect(lines[3]).toBe(`${new Date(clock).toISOString()},127.0.0.1,E144HD,,Postcode Lookup,web`);
  });
});

describe('rate limit', () => {
  it('answers 503 past 30 requests per second per IP, and recovers after the second', async () => {
    const limited = await start({});
    const hit = (ip: string) => limited.get<ErrorBody>('/keys/iddqd', {}, { 'x-forwarded-for': ip });
    const first = await Promise.all(Array.from({ length: 30 }, () => hit('198.51.100.7')));
    expect(first.every((answer) => answer.status === 200)).toBe(true);
    const over = await hit('198.51.100.7');
    expect(over.problems).toEqual([]);
    expect([over.status, over.body.code]).toEqual([503, 5030]);
    expect((await hit('198.51.100.8')).status).toBe(200);
    clock += 999;
    expect((await hit('198.51.100.7')).status).toBe(503);
    clock += 2;
    expect((await hit('198.51.100.7')).status).toBe(200);
  });
});
