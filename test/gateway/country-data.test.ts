import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCountryDataSandbox, DEMO_KEY } from '../../src/sandbox/country-data/index.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

const CONFIGURED_KEY = 'rc_live_configured_secret';
const CLIENT_KEY = 'rc_live_client_secret';
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({
    definitions: {
      'country-data': createCountryDataSandbox({ keys: { [CONFIGURED_KEY]: {}, [CLIENT_KEY]: {}, [DEMO_KEY]: {} } }),
    },
    credentials: { 'country-data': { key: CONFIGURED_KEY } },
  });
});
afterAll(() => gw.close());

type Data = Record<string, any>;

async function data(query: string, headers?: Record<string, string>): Promise<Data> {
  const result = await gw.query(query, { headers });
  expect(result.errors).toBeUndefined();
  return result.data as Data;
}

async function errorOf(query: string, headers?: Record<string, string>) {
  const result = await gw.query(query, { headers });
  expect(result.errors?.length, JSON.stringify(result)).toBeGreaterThan(0);
  return { error: result.errors?.[0] as { message: string; extensions: Record<string, unknown> }, result };
}

describe('the issue\'s "done when" query', () => {
  it('answers from real data with no errors', async () => {
    const result =
      await data(`{ country(code: "FR") { names { common } codes { alpha2 alpha3 } capitals { name } currencies { code } population }
      convertCurrency(from: "EUR", to: "JPY", amount: 10) { result rate }
      ipLookup(ip: "8.8.8.8") { ip } userAgent(ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)") { os { name } } }`);
    expect(result.country).toMatchObject({
      names: { common: 'France' },
      codes: { alpha2: 'FR', alpha3: 'FRA' },
      capitals: [{ name: 'Paris' }],
      currencies: [{ code: 'EUR' }],
    });
    expect(result.country.population).toBeGreaterThan(60_000_000);
    expect(result.convertCurrency.result).toBeCloseTo(result.convertCurrency.rate * 10, 8);
    expect(result.convertCurrency.rate).toBeGreaterThan(100);
    expect(result.ipLookup).toEqual({ ip: '8.8.8.8' });
    expect(result.userAgent).toEqual({ os: { name: 'iOS' } });
  });
});

describe('country searches', () => {
  it('countries: free text, exact filters, sort and paging as a flat page', async () => {
    const { countries } =
      await data(`{ countries(where: [{ field: "region", equals: "Europe" }, { field: "memberships.eu", equals: "true" }],
      sort: "-population", limit: 2, offset: 0) { total count limit offset more nodes { names { common } population } } }`);
    expect(countries).toMatchObject({ total: 27, count: 2, limit: 2, offset: 0, more: true });
    expect(countries.nodes.map((c: Data) => c.names.common)).toEqual(['Germany', 'France']);
    const text = await data('{ countries(q: "zealand") { total nodes { codes { alpha2 } } } }');
    expect(text.countries.nodes.map((c: Data) => c.codes.alpha2)).toContain('NZ');
  });

  it('countriesByCode, countriesByName, countriesSearch and countriesWhere', async () => {
    const result = await data(`{
      byCode: countriesByCode(q: "756") { nodes { codes { alpha2 } } }
      byName: countriesByName(q: "Schweiz") { nodes { codes { alpha2 } } }
      search: countriesSearch(property: "capitals.name", q: "ottaw") { total nodes { names { common } } }
      where: countriesWhere(property: "currencies", value: "CHF") { total nodes { codes { alpha2 } } }
    }`);
    expect(result.byCode.nodes).toEqual([{ codes: { alpha2: 'CH' } }]);
    expect(result.byName.nodes).toEqual([{ codes: { alpha2: 'CH' } }]);
    expect(result.search).toEqual({ total: 1, nodes: [{ names: { common: 'Canada' } }] });
    expect(result.where.nodes.map((c: Data) => c.codes.alpha2).sort()).toEqual(['CH', 'LI']);
  });

  it('country(code) accepts alpha-2, alpha-3, numeric, IOC and FIFA codes, and gives null for none', async () => {
    const result = await data(`{ a2: country(code: "de") { names { common } } a3: country(code: "DEU") { names { common } }
      num: country(code: "276") { names { common } } ioc: country(code: "GER") { names { common } }
      fifa: country(code: "KVX") { names { common } } none: country(code: "QQ") { names { common } } }`);
    expect(result).toEqual({
      a2: { names: { common: 'Germany' } },
      a3: { names: { common: 'Germany' } },
      num: { names: { common: 'Germany' } },
      ioc: { names: { common: 'Germany' } },
      fifa: { names: { common: 'Kosovo' } },
      none: null,
    });
  });

  it('exposes the full record with camelCase fields and typed lists instead of maps', async () => {
    const { country } = await data(`{ country(code: "CH") {
      uuid names { common official alternates native { language common } translations(languages: ["fra", "jpn"]) { language common } }
      codes { alpha2 alpha3 ccn3 cioc fifa } capitals { name primary } currencies { code name symbol } region subregion continents
      landlocked borders area { kilometers miles } coordinates { lat lng } timezones population languages { name native isoCode }
      callingCodes tlds demonyms { language masculine feminine } flag { emoji unicode htmlEntity urlPng urlSvg }
      memberships { un eu eurozone schengen nato oecd } classification { sovereign unMember dependency isoStatus } parent { alpha2 }
      date { startOfWeek fiscalYearStart { month day } } numberFormat { decimalSeparator thousandsSeparator } cars { drivingSide }
      postalCode { format regex } links { wikipedia } } }`);
    expect(country.names.native.map((n: Data) => n.language).sort()).toEqual(['fra', 'gsw', 'ita', 'roh']);
    expect(country.names.translations).toEqual([
      { language: 'fra', common: 'Suisse' },
      { language: 'jpn', common: 'スイス' },
    ]);
    expect(country.codes).toEqual({ alpha2: 'CH', alpha3: 'CHE', ccn3: '756', cioc: 'SUI', fifa: 'SUI' });
    expect(country.memberships).toEqual({ un: true, eu: false, eurozone: false, schengen: true, nato: false, oecd: true });
    expect(country.landlocked).toBe(true);
    expect(country.callingCodes).toEqual(['+41']);
    expect(country.parent).toBeNull();
    expect(country.cars.drivingSide).toBe('RIGHT');
    expect(country.date.startOfWeek).toBe('MONDAY');
    expect(country.demonyms).toContainEqual({ language: 'eng', masculine: 'Swiss', feminine: 'Swiss' });
    expect(country.postalCode.format).toBe('####');
  });
});

describe('currencies, IP and user agent', () => {
  it('convertCurrency, exchangeRates and currencies agree', async () => {
    const result =
      await data(`{ convertCurrency(from: "USD", to: "EUR", amount: 100) { from { code } to { code symbol } rate amount result date }
      exchangeRates(base: "USD") { base date rates(currencies: ["EUR", "JPY"]) { currency rate } }
      all: exchangeRates { base rates { currency } } currencies { code name symbol } }`);
    const eur = result.exchangeRates.rates.find((r: Data) => r.currency === 'EUR');
    expect(result.convertCurrency).toMatchObject({
      from: { code: 'USD' },
      to: { code: 'EUR', symbol: '€' },
      amount: 100,
      date: '2026-09-29',
    });
    expect(result.convertCurrency.rate).toBeCloseTo(eur.rate, 12);
    expect(result.convertCurrency.result).toBeCloseTo(100 * eur.rate, 9);
    expect(result.exchangeRates.rates).toHaveLength(2);
    expect(result.all.base).toBe('USD');
    expect(result.all.rates.length).toBeGreaterThanOrEqual(150);
    expect(result.currencies).toContainEqual({ code: 'JPY', name: 'Yen', symbol: '¥' });
  });

  it('ipLookup locates a given address, or the caller forwarded by X-Forwarded-For', async () => {
    const given = await data(
      '{ ipLookup(ip: "2a00:1450:4001:80b::200e") { ip version location { country { name alpha2 } continent { code } city { name } } } }',
    );
    expect(given.ipLookup).toEqual({
      ip: '2a00:1450:4001:80b::200e',
      version: 6,
      location: { country: { name: 'Ireland', alpha2: 'IE' }, continent: { code: 'EU' }, city: null },
    });
    const caller = await data('{ ipLookup { ip location { country { alpha2 } } } }', { 'x-forwarded-for': '81.2.69.142' });
    expect(caller.ipLookup).toEqual({ ip: '81.2.69.142', location: { country: { alpha2: 'GB' } } });
  });

  it("userAgent parses the given string, or the caller's own User-Agent", async () => {
    const own = await data('{ userAgent { browser { name major } engine { name } os { name } device { type } } }', {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    });
    expect(own.userAgent).toEqual({
      browser: { name: 'Chrome', major: '120' },
      engine: { name: 'Blink' },
      os: { name: 'Windows' },
      device: { type: null },
    });
  });
});

describe('bad input', () => {
  it.each([
    ['a currency without rates', '{ convertCurrency(from: "EUR", to: "XAU", amount: 1) { result } }', 'BAD_USER_INPUT', 400],
    ['a rate base without rates', '{ exchangeRates(base: "XPT") { base } }', 'BAD_USER_INPUT', 400],
    ['an empty q', '{ countriesByName(q: "") { total } }', 'BAD_USER_INPUT', undefined],
    ['an unknown property', '{ countriesSearch(property: "colour", q: "blue") { total } }', 'NOT_FOUND', 404],
    ['an unknown filter field', '{ countries(where: [{ field: "colour", equals: "blue" }]) { total } }', 'BAD_USER_INPUT', 400],
  ])('%s gets a coded error', async (_what, query, code, status) => {
    const { error } = await errorOf(query);
    expect(error.extensions.code).toBe(code);
    if (status !== undefined) expect(error.extensions).toMatchObject({ upstream: 'country-data', status, retryable: false });
  });

  it.each([
    ['a malformed currency code', '{ convertCurrency(from: "EURO", to: "JPY", amount: 1) { result } }'],
    ['a currency code outside ISO 4217', '{ convertCurrency(from: "EUR", to: "XXY", amount: 1) { result } }'],
    ['an unknown rate base', '{ exchangeRates(base: "QQQ") { base } }'],
    ['a malformed IP', '{ ipLookup(ip: "999.1.1.1") { ip } }'],
    ['a malformed IP in a variable', { query: 'query ($ip: IpAddress) { ipLookup(ip: $ip) { ip } }', variables: { ip: '1.2.3' } }],
    ['a negative amount', '{ convertCurrency(from: "EUR", to: "JPY", amount: -1) { result } }'],
    ['a non-numeric amount', '{ convertCurrency(from: "EUR", to: "JPY", amount: "ten") { result } }'],
    ['an empty country code', '{ country(code: "") { uuid } }'],
    ['a malformed filter path', '{ countries(where: [{ field: "a b", equals: "x" }]) { total } }'],
    ['an empty free-text query', '{ countries(q: " ") { total } }'],
    ['a limit over 100', '{ countriesByCode(q: "FR", limit: 101) { total } }'],
  ])('%s is refused before any upstream request', async (_what, request) => {
    const before = gw.sandboxes['country-data']?.requests.length;
    const { query, variables } = typeof request === 'string' ? { query: request, variables: undefined } : request;
    const result = await gw.query(query, { variables });
    const error = result.errors?.[0];
    expect(error?.extensions?.code, JSON.stringify(result)).toBe('BAD_USER_INPUT');
    expect(error?.message).not.toBe('Unexpected error.');
    expect(gw.sandboxes['country-data']?.requests.length).toBe(before);
  });

  it('keeps the rest of the query when one field fails (partial data)', async () => {
    const { result } = await errorOf(
      '{ ok: country(code: "FR") { names { common } } bad: convertCurrency(from: "EUR", to: "XAU", amount: 1) { result } }',
    );
    expect(result.data).toEqual({ ok: { names: { common: 'France' } }, bad: null });
    expect(result.errors?.[0]?.path).toEqual(['bad']);
  });
});

describe('keys', () => {
  it('uses a client key header over the configured key, and reports a wrong one as UNAUTHENTICATED', async () => {
    await data('{ country(code: "FR") { uuid } }', { 'x-country-api-key': CLIENT_KEY });
    const { error } = await errorOf('{ country(code: "FR") { uuid } }', { 'x-country-api-key': 'rc_live_wrong' });
    expect(error.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'country-data', status: 401, retryable: false });
  });

  it('never echoes a key in a response or a log line', async () => {
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : JSON.stringify(arg))).join(' '));
      }),
    );
    try {
      const responses = await Promise.all([
        gw.request('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-country-api-key': 'rc_live_wrong_secret' },
          body: JSON.stringify({ query: '{ country(code: "FR") { uuid } convertCurrency(from: "EUR", to: "XAU", amount: 1) { result } }' }),
        }),
        gw.request('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ countriesSearch(property: "nope", q: "x") { total } ipLookup(ip: "10.0.0.1") { ip } }' }),
        }),
      ]);
      const bodies = await Promise.all(responses.map((response) => response.text()));
      for (const text of [...bodies, ...logged]) {
        expect(text).not.toContain(CONFIGURED_KEY);
        expect(text).not.toContain('rc_live_wrong_secret');
      }
      expect(bodies.join('')).not.toMatch(/127\.0\.0\.1:\d+/);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('server routes', () => {
  it('answers /healthz', async () => {
    expect((await gw.request('/healthz')).status).toBe(200);
  });

  it('serves GraphiQL from the package, with no CDN, and the example query preloaded', async () => {
    const response = await gw.request('/graphql', { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('FranceAtAGlance');
    expect(html).not.toMatch(/unpkg\.com|jsdelivr|cdnjs/);
  });
});

describe('one field for the query and path forms', () => {
  const operations = () => gw.sandboxes['country-data']?.requests.map((request) => request.operationId) ?? [];

  it('exchangeRates(base) asks the path form; without base, the query form (USD)', async () => {
    gw.sandboxes['country-data']?.requests.splice(0);
    const result = await data('{ eur: exchangeRates(base: "EUR") { base } usd: exchangeRates { base } }');
    expect(result).toEqual({ eur: { base: 'EUR' }, usd: { base: 'USD' } });
    // The base-less table may come from the gateway's cache of earlier tests; EUR by path never does.
    expect(operations().filter((operation) => operation !== 'exchangeRates')).toEqual(['exchangeRatesByPath']);
  });

  it("ipLookup(ip) asks the path form; without ip, the query form for the caller's address", async () => {
    gw.sandboxes['country-data']?.requests.splice(0);
    const result = await data('{ given: ipLookup(ip: "8.8.8.8") { ip } caller: ipLookup { ip } }', { 'x-forwarded-for': '81.2.69.142' });
    expect(result).toEqual({ given: { ip: '8.8.8.8' }, caller: { ip: '81.2.69.142' } });
    expect(operations().filter((operation) => operation !== 'ipLookup')).toEqual(['ipLookupByPath']);
  });
});

describe('Country.borderCountries', () => {
  it('are the neighbours as countries, in the order of borders, empty for an island', async () => {
    const result = await data(
      '{ country(code: "ES") { borders borderCountries { codes { alpha3 } } } island: country(code: "IS") { borderCountries { uuid } } }',
    );
    expect(result.country.borderCountries.map((neighbour: Data) => neighbour.codes.alpha3)).toEqual(result.country.borders);
    expect(result.country.borders).toEqual(expect.arrayContaining(['FRA', 'PRT']));
    expect(result.island.borderCountries).toEqual([]);
  });

  it('load every border of every country in the operation as one batch', async () => {
    gw.sandboxes['country-data']?.requests.splice(0);
    const result = await data(
      '{ fr: country(code: "FR") { borderCountries { names { common } } } de: country(code: "DE") { borderCountries { names { common } } } }',
    );
    expect(result.fr.borderCountries.length).toBeGreaterThan(5);
    expect(result.de.borderCountries.map((neighbour: Data) => neighbour.names.common)).toContain('Poland');
    const operations = gw.sandboxes['country-data']?.requests.map((request) => request.operationId) ?? [];
    // At most two lookups for FR and DE (the gateway's cache may hold them from earlier tests);
    // then all 15 neighbours in one batch: the country list, paged, instead of 15 lookups.
    expect(operations.filter((operation) => operation === 'countriesByCode').length).toBeLessThanOrEqual(2);
    expect(operations.filter((operation) => operation === 'listCountries').length).toBeLessThanOrEqual(3);
    expect(operations.length).toBeLessThanOrEqual(5);
  });
});

describe('ExchangeRateTable.rates(currencies)', () => {
  it('answers labelled rates in the order asked, once per code, leaving out codes the table lacks', async () => {
    const result = await data(
      '{ exchangeRates(base: "EUR") { rates(currencies: ["usd", "JPY", "CHF", "USD", "XXX"]) { currency rate } } }',
    );
    expect(result.exchangeRates.rates.map((entry: Data) => entry.currency)).toEqual(['USD', 'JPY', 'CHF']);
    expect(result.exchangeRates.rates.every((entry: Data) => entry.rate > 0)).toBe(true);
  });
});
