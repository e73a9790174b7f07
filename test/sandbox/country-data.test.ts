import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryRecords } from '../../src/sandbox/country-data/country-records.js';
import { createCountryDataSandbox, DEMO_KEY } from '../../src/sandbox/country-data/index.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';

const sandbox = createCountryDataSandbox({ keys: { [DEMO_KEY]: {}, rc_live_frozen: { frozen: true } } });
let running: RunningSandbox;

interface Envelope {
  data: { objects: Record<string, unknown>[]; meta: { total: number; count: number; limit: number; offset: number; more: boolean } };
}

async function call(path: string, init: { key?: string | null; headers?: Record<string, string> } = {}) {
  const key = init.key === undefined ? DEMO_KEY : init.key;
  const response = await fetch(`${running.url}${path}`, {
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers },
  });
  const body = (await response.json()) as Record<string, unknown>;
  const url = new URL(path, 'http://x');
  const match = sandbox.contract.match('GET', url.pathname);
  // A projection leaves out fields the schema requires, by design.
  const projected = url.searchParams.has('response_fields') || url.searchParams.has('response_fields_omit');
  if (match && !projected) expect(sandbox.contract.validateResponse(match.operationId, response.status, body)).toEqual([]);
  return { status: response.status, body };
}

async function ok(path: string): Promise<Envelope> {
  const { status, body } = await call(path);
  expect(status).toBe(200);
  return body as unknown as Envelope;
}

function leafCount(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.length === 0 ? 1 : children.reduce((sum: number, child) => sum + leafCount(child), 0);
}

beforeAll(async () => {
  running = await startSandbox(sandbox);
});
afterAll(() => running.close());

describe('country-data sandbox data', () => {
  it('serves at least 250 countries, each with at least 90 leaf fields', () => {
    const records = countryRecords();
    expect(records.length).toBeGreaterThanOrEqual(250);
    for (const record of records) expect(leafCount(record), record.codes.alpha_2).toBeGreaterThanOrEqual(90);
  });

  it('holds real facts for a known country', async () => {
    const page = await ok('/countries/v5/codes.alpha_2/FR');
    const france = page.data.objects[0] as Record<string, any>;
    expect(france.names.common).toBe('France');
    expect(france.codes).toMatchObject({ alpha_2: 'FR', alpha_3: 'FRA', ccn3: '250', cioc: 'FRA', fifa: 'FRA' });
    expect(france.capitals[0].name).toBe('Paris');
    expect(france.currencies).toEqual([{ code: 'EUR', name: 'Euro', symbol: '€' }]);
    expect(france.memberships).toMatchObject({ eu: true, eurozone: true, nato: true, g7: true, commonwealth: false });
    expect(france.timezones).toContain('Europe/Paris');
    expect(france.calling_codes).toEqual(['+33']);
    expect(france.number_format).toEqual({ decimal_separator: ',', thousands_separator: '\u202f' });
    expect(france.population).toBeGreaterThan(60_000_000);
    expect(france.cars.driving_side).toBe('right');
  });
});

describe('country-data sandbox search modes', () => {
  it('filters exactly on any field, sorts and pages', async () => {
    const page = await ok('/countries/v5?region=Europe&sort=-population&limit=3&offset=1');
    const europe = countryRecords().filter((r) => r.region === 'Europe');
    expect(page.data.meta).toMatchObject({ total: europe.length, count: 3, limit: 3, offset: 1, more: true });
    const populations = page.data.objects.map((c) => c.population as number);
    expect([...populations].sort((a, b) => b - a)).toEqual(populations);
    expect(page.data.objects.every((c) => c.region === 'Europe')).toBe(true);
  });

  it('filters on nested booleans: NATO has 32 members', async () => {
    const page = await ok('/countries/v5?memberships.nato=true&limit=100');
    expect(page.data.meta.total).toBe(32);
  });

  it('projects with response_fields and response_fields_omit', async () => {
    const kept = await ok('/countries/v5/code?q=DE&response_fields=names.common,codes.alpha_3');
    expect(kept.data.objects[0]).toEqual({ names: { common: 'Germany' }, codes: { alpha_3: 'DEU' } });
    const omitted = await ok('/countries/v5/code?q=DE&response_fields_omit=names,codes');
    expect(omitted.data.objects[0]).not.toHaveProperty('names');
    expect(omitted.data.objects[0]).toHaveProperty('region', 'Europe');
  });

  it('finds by every code kind', async () => {
    for (const code of ['ch', 'CHE', '756', 'SUI']) {
      const page = await ok(`/countries/v5/code?q=${code}&response_fields=codes.alpha_2`);
      expect(
        page.data.objects.map((c) => (c.codes as { alpha_2: string }).alpha_2),
        code,
      ).toEqual(['CH']);
    }
  });

  it('searches every name, ignoring case and accents', async () => {
    const page = await ok('/countries/v5/name?q=deutschland&response_fields=codes.alpha_2');
    expect(page.data.objects.map((c) => (c.codes as { alpha_2: string }).alpha_2)).toContain('DE');
    const accents = await ok('/countries/v5/name?q=cote%20d%27ivoire&response_fields=codes.alpha_2');
    expect(accents.data.objects.map((c) => (c.codes as { alpha_2: string }).alpha_2)).toEqual(['CI']);
  });

  it('searches a substring within one property, and matches a property exactly', async () => {
    const capital = await ok('/countries/v5/capitals.name?q=ottaw&response_fields=codes.alpha_2');
    expect(capital.data.objects).toEqual([{ codes: { alpha_2: 'CA' } }]);
    const currency = await ok('/countries/v5/currencies/CHF?response_fields=codes.alpha_2');
    expect(currency.data.objects.map((c) => (c.codes as { alpha_2: string }).alpha_2).sort()).toEqual(['CH', 'LI']);
  });

  it('answers 404 for an unknown property and 400 for an empty q or an unknown filter', async () => {
    expect((await call('/countries/v5/nope?q=x')).status).toBe(404);
    expect((await call('/countries/v5/nope/x')).status).toBe(404);
    const empty = await call('/countries/v5/name?q=');
    expect(empty).toMatchObject({ status: 400, body: { errors: [{ message: 'q is required' }] } });
    expect((await call('/countries/v5?colour=blue')).status).toBe(400);
    expect((await call('/countries/v5?limit=101')).status).toBe(400);
  });
});

describe('country-data sandbox currencies', () => {
  it('converts through the dated reference table', async () => {
    const page = await ok('/currencies/v1/convert?from=EUR&to=JPY&amount=10');
    const conversion = page.data.objects[0] as { rate: number; result: number; amount: number; from: { code: string } };
    const table = await ok('/currencies/v1/rates/EUR');
    const rates = (table.data.objects[0] as { rates: Record<string, number> }).rates;
    expect(conversion.rate).toBeCloseTo(rates.JPY ?? Number.NaN, 10);
    expect(conversion.result).toBeCloseTo(10 * conversion.rate, 10);
    expect(conversion.from.code).toBe('EUR');
  });

  it('serves rate tables in path and query form for at least 150 currencies', async () => {
    const byQuery = await ok('/currencies/v1/rates?base=GBP');
    const byPath = await ok('/currencies/v1/rates/GBP');
    const queryTable = byQuery.data.objects[0] as { base: string; rates: Record<string, number> };
    expect(queryTable.rates).toEqual((byPath.data.objects[0] as { rates: unknown }).rates);
    expect(queryTable.base).toBe('GBP');
    expect(Object.keys(queryTable.rates).length).toBeGreaterThanOrEqual(150);
    expect(queryTable.rates.GBP).toBeCloseTo(1, 12);
    const usd = await ok('/currencies/v1/rates');
    expect((usd.data.objects[0] as { base: string }).base).toBe('USD');
  });

  it('lists currency symbols', async () => {
    const page = await ok('/currencies/v1/symbols');
    expect(page.data.objects).toContainEqual({ code: 'EUR', name: 'Euro', symbol: '€' });
    expect(page.data.meta.total).toBeGreaterThanOrEqual(150);
  });

  it('rejects unknown currencies and negative or non-numeric amounts', async () => {
    expect((await call('/currencies/v1/convert?from=EUR&to=XXY&amount=1')).status).toBe(400);
    expect((await call('/currencies/v1/convert?from=EUR&to=JPY&amount=-1')).status).toBe(400);
    expect((await call('/currencies/v1/convert?from=EUR&to=JPY&amount=ten')).status).toBe(400);
    expect((await call('/currencies/v1/rates/EURO')).status).toBe(400);
  });
});

describe('country-data sandbox IP and user agent', () => {
  it('locates IPv4 and IPv6 addresses in path and query form', async () => {
    const v4 = await ok('/ip/v1/8.8.8.8');
    expect(v4.data.objects[0]).toMatchObject({ ip: '8.8.8.8', version: 4, location: { country: { alpha_2: 'US' } } });
    const v6 = await ok('/ip/v1?ip=2a00:1450:4001:80b::200e');
    expect(v6.data.objects[0]).toMatchObject({ version: 6, location: { country: { alpha_2: 'IE' }, continent: { code: 'EU' } } });
  });

  it("uses the caller's address when no ip is given", async () => {
    const { body } = await call('/ip/v1', { headers: { 'x-forwarded-for': '81.2.69.142, 10.0.0.1' } });
    expect((body as unknown as Envelope).data.objects[0]).toMatchObject({ ip: '81.2.69.142', location: { country: { alpha_2: 'GB' } } });
    const direct = await ok('/ip/v1');
    expect(direct.data.objects[0]).toMatchObject({ ip: '127.0.0.1', location: { country: null } });
  });

  it('rejects a malformed address', async () => {
    expect((await call('/ip/v1/999.1.1.1')).status).toBe(400);
    expect((await call('/ip/v1?ip=not-an-ip')).status).toBe(400);
  });

  it("parses the given user agent, or the caller's own", async () => {
    const given = await ok(`/user-agent/v1?ua=${encodeURIComponent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')}`);
    expect(given.data.objects[0]).toMatchObject({ os: { name: 'iOS', version: '17.0' }, device: { type: 'mobile', vendor: 'Apple' } });
    const own = await call('/user-agent/v1', {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0' },
    });
    expect((own.body as unknown as Envelope).data.objects[0]).toMatchObject({ browser: { name: 'Firefox', major: '120' } });
  });
});

describe('country-data sandbox auth', () => {
  it('requires a key, accepts it as Bearer or api-key, and refuses unknown or frozen keys', async () => {
    expect(await call('/countries/v5', { key: null })).toMatchObject({
      status: 401,
      body: { errors: [{ message: 'Authorization key required.' }] },
    });
    expect((await call(`/countries/v5?limit=1&api-key=${DEMO_KEY}`, { key: null })).status).toBe(200);
    expect((await call('/countries/v5', { key: 'rc_live_unknown' })).status).toBe(401);
    expect((await call('/countries/v5', { key: 'rc_live_frozen' })).status).toBe(403);
  });
});
