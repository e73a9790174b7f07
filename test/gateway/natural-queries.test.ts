/**
 * Issue 14's "done when", kept: questions a frontend developer writes from the README alone,
 * and the mistakes they make. No natural question meets INTERNAL_SERVER_ERROR, and every
 * mistake is refused with a catalogued code that names the argument or variable at fault.
 */
import { describe, expect, it } from 'vitest';
import { useCountryDataGateway } from '../support/country-data-gateway.js';

const { gateway } = useCountryDataGateway();

const QUESTIONS: Record<string, string> = {
  'which countries border Germany, and their capitals':
    '{ country(code: "DE") { borderCountries { names { common } capitals { name } } } }',
  'how many people live in Japan, and what do they pay with': '{ country(code: "JPN") { population currencies { code name symbol } } }',
  'countries whose name mentions "land"': '{ countriesByName(q: "land", limit: 5) { nodes { names { common } } } }',
  'the ten most populous countries': '{ countries(limit: 10, sort: "-population") { nodes { names { common } population } } }',
  '50 pounds in euros': '{ convertCurrency(from: "GBP", to: "EUR", amount: 50) { result rate } }',
  "today's dollar rates": '{ exchangeRates(base: "USD") { base date } }',
  'where is 8.8.8.8': '{ ipLookup(ip: "8.8.8.8") { ip country { names { common } } } }',
  'what browser is this':
    '{ userAgent(ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36") { browser { name } os { name } } }',
  'who is visiting': '{ visitor { located reason currency } }',
  'the top tokens and their grades': '{ tokens(limit: 5) { symbol name marketCap investorGrade { tmInvestorGrade } } }',
  "bitcoin's last week of closes": '{ token(symbol: "BTC") { prices { date close } } }',
  'token prices in yen': '{ tokens(limit: 3) { symbol priceIn(country: "JP") { amount currency asOf } } }',
  'the crypto market today': '{ marketIndicator(limit: 3) { date } }',
  'the SigmaUSD bank': '{ stablecoinState { reserveRatio ergPrice(currency: "EUR") { amount currency } } }',
  'what buying 100 SigUSD cents costs': '{ sigUsdExchangeQuote(amount: "100") { __typename } }',
  'the addresses at a London postcode':
    '{ postcodeAddresses(postcode: "SW1A 2AA") { addresses { line1 postTown country { names { common } } } } }',
  'is this e-mail any good': '{ emailValidation(email: "someone@example.com") { result } }',
  'is this a mobile number': '{ phoneNumberValidation(number: "+447700900123") { valid } }',
  'the daily crypto brief in euros': '{ cryptoBrief(currency: "EUR") { headline whatChanged { text } } }',
  'Swiss francs per euro for Switzerland':
    '{ country(code: "CH") { currencyRate(to: "EUR") convert(amount: 100, to: "USD") { amount currency } } }',
};

/** Each mistake and the argument or variable its error must name. */
const MISTAKES: { query: string; variables?: Record<string, unknown>; names: string }[] = [
  { query: '{ country(code: "") { population } }', names: 'code' },
  { query: '{ country(code: "XYZW1") { population } }', names: 'code' },
  { query: '{ countries(limit: -1) { nodes { population } } }', names: 'limit' },
  { query: '{ countries(sort: "nonexistent") { nodes { population } } }', names: 'sort' },
  { query: '{ countriesByName(q: "") { nodes { population } } }', names: 'q' },
  { query: '{ convertCurrency(from: "GBP", to: "EUR", amount: -5) { result } }', names: 'amount' },
  { query: '{ convertCurrency(from: "POUND", to: "EUR", amount: 5) { result } }', names: 'from' },
  { query: '{ ipLookup(ip: "999.1.1.1") { ip } }', names: 'ip' },
  { query: '{ tokens(limit: 1000000) { symbol } }', names: 'limit' },
  { query: '{ tokens(limit: 0) { symbol } }', names: 'limit' },
  { query: '{ token(symbol: "B T C") { id } }', names: 'symbol' },
  { query: '{ tokenPrices(startDate: "2025-13-01") { close } }', names: 'startDate' },
  { query: '{ tokenPrices(startDate: "yesterday") { close } }', names: 'startDate' },
  { query: '{ indices(timeHorizon: week) { date } }', names: 'timeHorizon' },
  { query: '{ indices(exchanges: [binance]) { date } }', names: 'exchanges' },
  { query: '{ sigUsdExchangeQuote(amount: "lots") { __typename } }', names: 'amount' },
  { query: '{ ergoTokenCheck(tokenId: "xyz", tokenName: "SigUSD") { __typename } }', names: 'tokenId' },
  { query: '{ emailValidation(email: "") { result } }', names: 'email' },
  { query: '{ postcodeAddresses(postcode: "NOT A POSTCODE") { addresses { line1 } } }', names: 'postcode' },
  { query: 'query ($c: CountryCode!) { country(code: $c) { population } }', variables: { c: 123 }, names: 'c' },
  { query: 'query ($d: Date) { tokenPrices(startDate: $d) { close } }', variables: { d: '2025-02-30' }, names: 'd' },
  { query: 'query ($n: PositiveInt) { tokens(limit: $n) { symbol } }', variables: { n: -3 }, names: 'n' },
];

describe('natural questions from the README', () => {
  it.each(Object.entries(QUESTIONS))('%s: data, and no INTERNAL_SERVER_ERROR', async (_question, query) => {
    const result = await gateway().query(query);
    expect(result.errors ?? []).toEqual([]);
    expect(result.data).toBeTruthy();
  });
});

describe('mistakes', () => {
  it.each(MISTAKES)('$query is refused naming $names', async ({ query, variables, names }) => {
    const result = await gateway().query(query, variables ? { variables } : {});
    expect(result.errors?.length).toBeGreaterThan(0);
    for (const error of result.errors ?? []) {
      expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
      expect(error.extensions?.code).toMatch(/^[A-Z_]+$/);
    }
    const named = (result.errors ?? []).map((error) => error.extensions?.argument ?? error.extensions?.variable);
    expect(named).toContain(names);
  });
});
