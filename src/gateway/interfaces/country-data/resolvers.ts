/**
 * Interface D's hand-written fields: flat pages, maps turned into typed lists, the list search
 * with arbitrary exact filters, and `country(code)`.
 */
import { badInput } from '../../errors.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { ArgumentScalars } from '../../schema/argument-scalars.js';
import type { EnvelopeTable } from '../../schema/unwrap-envelopes.js';
import { countryRecordFields, selectedCountryFields } from './response-fields.js';
import type { CountryPageWire, CountryWire, LocalizedNameWire } from './wire.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

const FIELD_PATH = /^[a-z_0-9]+(\.[a-z_0-9]+)*$/;

function localized(map: Record<string, LocalizedNameWire>, languages?: readonly string[] | null) {
  const wanted = languages ? new Set(languages.map((language) => language.toLowerCase())) : undefined;
  return Object.entries(map)
    .filter(([language]) => !wanted || wanted.has(language))
    .map(([language, name]) => ({ language, common: name.common, official: name.official }));
}

/**
 * What this slice's fields need from upstream (upstream/field-needs.ts): the record fields they
 * read, which `response_fields` asks D for, and the calls they make at least.
 */
export const countryDataNeeds: FieldNeeds = {
  'Query.countries': { calls: { 'country-data': 1 } },
  'Query.country': { calls: { 'country-data': 1 } },
  // Without their argument they look up the caller's own address or browser (forwarded to D).
  'Query.ipLookup': { calls: { 'country-data': 1 }, personal: true },
  'Query.userAgent': { calls: { 'country-data': 1 }, personal: true },
  // The parts of a page and of a record's names are the answer's own; nothing more is asked for.
  'CountryPage.nodes': {},
  'CountryPage.total': {},
  'CountryPage.count': {},
  'CountryPage.limit': {},
  'CountryPage.offset': {},
  'CountryPage.more': {},
  'CountryNames.native': {},
  'CountryNames.translations': {},
  'Country.demonyms': { reads: ['demonyms'] },
  // The neighbours are looked up by code only when there are any, so no call is certain.
  'Country.borderCountries': { reads: ['borders'] },
  'ExchangeRateTable.rates': {},
};

export const countryDataResolvers: Resolvers = {
  Query: {
    countries: async (_root, args, context, info) => {
      if (args.q !== undefined && args.q !== null && args.q.trim() === '') throw badInput('q', 'non-empty text when given', args.q);
      const filters: Record<string, string> = {};
      for (const [index, condition] of (args.where ?? []).entries()) {
        if (!FIELD_PATH.test(condition.field)) {
          throw badInput(`where[${index}].field`, 'a dotted field path such as memberships.nato', condition.field);
        }
        filters[condition.field] = condition.equals;
      }
      return context.upstream.get<CountryPageWire>('country-data', '/countries/v5', {
        ...filters,
        q: args.q,
        sort: args.sort,
        limit: args.limit,
        offset: args.offset,
        response_fields: countryRecordFields(info),
      });
    },
    // Only the record fields the selection reads: a country's whole record is about 5 kB.
    country: (_root, args, context, info) => context.loaders.countryByCodeWith(selectedCountryFields(info)).load(args.code),
  },
  CountryPage: {
    nodes: (page) => page.data.objects,
    total: (page) => page.data.meta.total,
    count: (page) => page.data.meta.count,
    limit: (page) => page.data.meta.limit,
    offset: (page) => page.data.meta.offset,
    more: (page) => page.data.meta.more,
  },
  CountryNames: {
    native: (names) => localized(names.native),
    translations: (names, args) => localized(names.translations, args.languages),
  },
  Country: {
    demonyms: (country) =>
      Object.entries(country.demonyms).map(([language, forms]) => ({ language, masculine: forms.m, feminine: forms.f })),
    // One loader per request: every border of every country in the operation is one batch.
    borderCountries: async (country, _args, context) => {
      const neighbours = await context.loaders.countryByCode.loadMany(country.borders);
      return neighbours.filter((neighbour): neighbour is CountryWire => {
        if (neighbour instanceof Error) throw neighbour;
        return neighbour !== null;
      });
    },
  },
  ExchangeRateTable: {
    // A client that names currencies gets them in its order (a table row per code it asked for);
    // codes the table lacks are left out rather than failing the table.
    rates: (table, args) => {
      const codes = args.currencies ? [...new Set(args.currencies.map((code) => code.toUpperCase()))] : Object.keys(table.rates);
      return codes.flatMap((currency) => {
        const rate = table.rates[currency];
        return rate === undefined ? [] : [{ currency, rate }];
      });
    },
  },
};

/** Mesh-generated arguments that take a domain scalar. */
export const countryDataArgumentScalars: ArgumentScalars = {
  'Query.ipLookup.ip': 'IpAddress',
};

/** Root fields whose answer is the first object of D's envelope, or the whole object list. */
export const countryDataEnvelopes: EnvelopeTable = {
  convertCurrency: ['data', 'objects', 0],
  exchangeRates: ['data', 'objects', 0],
  currencies: ['data', 'objects'],
  ipLookup: ['data', 'objects', 0],
  userAgent: ['data', 'objects', 0],
};
