/**
 * Money on a Country (D→D): its exchange-rate table, a rate into another currency and a
 * conversion, all from the request's single USD rate table. The country's currency is the first
 * one it lists; a country without one (Antarctica) answers null.
 */
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { CountryWire } from '../../interfaces/country-data/wire.js';
import { PIVOT_CURRENCY } from './rate-loader.js';
import { convert, crossRate, knownCurrency, rebase } from './money-math.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

function primaryCurrency(country: CountryWire): string | undefined {
  return country.currencies[0]?.code;
}

/** What these fields need from upstream (upstream/field-needs.ts): the country's currencies, and D's rates. */
export const countryMoneyNeeds: FieldNeeds = {
  'Country.exchangeRates': { reads: ['currencies'], calls: { 'country-data': 1 } },
  'Country.currencyRate': { reads: ['currencies'], calls: { 'country-data': 1 } },
  'Country.convert': { reads: ['currencies'], calls: { 'country-data': 1 } },
};

export const countryMoneyResolvers: Resolvers = {
  Country: {
    exchangeRates: async (country, _args, context) => {
      const currency = primaryCurrency(country);
      if (!currency) return null;
      return rebase(await context.loaders.rates.load(PIVOT_CURRENCY), currency);
    },
    currencyRate: async (country, args, context) => {
      const currency = primaryCurrency(country);
      if (!currency) return null;
      const table = await context.loaders.rates.load(PIVOT_CURRENCY);
      return crossRate(table, currency, knownCurrency('to', args.to, table));
    },
    convert: async (country, args, context) => {
      const currency = primaryCurrency(country);
      if (!currency) return null;
      const table = await context.loaders.rates.load(PIVOT_CURRENCY);
      return convert(table, args.amount, currency, knownCurrency('to', args.to, table));
    },
  },
};
