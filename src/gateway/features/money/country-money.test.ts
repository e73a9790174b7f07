import { describe, expect, it } from 'vitest';
import { useCountryDataGateway } from '../../../../test/support/country-data-gateway.js';

type Data = Record<string, any>;

const { gateway, operations, data, usdTable } = useCountryDataGateway();

describe('money on a Country', () => {
  it('countries(limit: 100) { currencyRate(to: "EUR") } costs one countries request and one rates request', async () => {
    const result = await data('{ countries(limit: 100) { nodes { codes { alpha2 } currencies { code } currencyRate(to: "EUR") } } }');
    expect(operations()).toEqual(['exchangeRatesByPath', 'listCountries']);
    const usd = await usdTable();
    const nodes: Data[] = result.countries.nodes;
    expect(nodes).toHaveLength(100);
    for (const node of nodes) {
      const code = node.currencies[0]?.code;
      if (!code) {
        expect(node.currencyRate).toBeNull();
        continue;
      }
      const expected = code === 'USD' ? usd.EUR : (usd.EUR ?? Number.NaN) / (usd[code] ?? Number.NaN);
      if (code === 'USD' || usd[code] !== undefined) expect(node.currencyRate, node.codes.alpha2).toBeCloseTo(expected ?? Number.NaN, 10);
    }
  });

  it("convert and exchangeRates use the country's first currency and agree with D's own conversion", async () => {
    const result = await data(`{ country(code: "JP") { convert(amount: 1000, to: "GBP") { amount currency asOf }
      exchangeRates { base date rates(currencies: ["GBP"]) { rate } } }
      convertCurrency(from: "JPY", to: "GBP", amount: 1000) { result } }`);
    expect(result.country.convert.currency).toBe('GBP');
    expect(result.country.convert.asOf).toBe(result.country.exchangeRates.date);
    expect(result.country.convert.amount).toBeCloseTo(result.convertCurrency.result, 9);
    expect(result.country.exchangeRates.base).toBe('JPY');
    expect(result.country.exchangeRates.rates[0].rate * 1000).toBeCloseTo(result.convertCurrency.result, 9);
  });

  it('answers null for a country without a currency', async () => {
    const result = await data(
      '{ country(code: "AQ") { currencies { code } convert(amount: 1, to: "EUR") { amount } exchangeRates { base } } }',
    );
    expect(result.country).toEqual({ currencies: [], convert: null, exchangeRates: null });
  });

  it('costs nothing when the money fields are not selected', async () => {
    await data('{ countries(limit: 5) { nodes { codes { alpha2 } } } }');
    expect(operations()).not.toContain('exchangeRatesByPath');
  });

  it('refuses a malformed target currency with BAD_USER_INPUT naming the argument, before any request', async () => {
    const result = await gateway().query(
      '{ country(code: "FR") { a: currencyRate(to: "EURO") b: currencyRate(to: "QQQ") c: convert(amount: 1, to: "1$x") { amount } } }',
    );
    expect(result.errors?.map((error) => [error.extensions?.code, error.extensions?.argument])).toEqual([
      ['BAD_USER_INPUT', 'to'],
      ['BAD_USER_INPUT', 'to'],
      ['BAD_USER_INPUT', 'to'],
    ]);
    expect(operations()).toEqual([]);
  });

  it('refuses an ISO currency the rate table lacks, naming the argument', async () => {
    const result = await gateway().query('{ country(code: "FR") { currencyRate(to: "XAU") } }');
    expect(result.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'to' });
    expect(result.data).toEqual({ country: { currencyRate: null } });
  });
});
