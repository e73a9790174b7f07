/**
 * Interface D's hand-written fields: flat pages, maps turned into typed lists, the list search
 * with arbitrary exact filters, and `country(code)`.
 */
import type { GatewayContext } from '../../context.js';
import { badInput } from '../../errors.js';
import type { CountryWire, Envelope, LocalizedNameWire, RateTableWire } from './wire.js';

interface CountriesArgs {
  q?: string | null;
  where?: { field: string; equals: string }[] | null;
  sort?: string | null;
  limit: number;
  offset: number;
}

const FIELD_PATH = /^[a-z_0-9]+(\.[a-z_0-9]+)*$/;

function localized(map: Record<string, LocalizedNameWire>, languages?: readonly string[] | null) {
  const wanted = languages ? new Set(languages.map((language) => language.toLowerCase())) : undefined;
  return Object.entries(map)
    .filter(([language]) => !wanted || wanted.has(language))
    .map(([language, name]) => ({ language, common: name.common, official: name.official }));
}

async function countries(_root: unknown, args: CountriesArgs, context: GatewayContext): Promise<Envelope<CountryWire>> {
  if (args.q !== undefined && args.q !== null && args.q.trim() === '') throw badInput('q', 'non-empty text when given', args.q);
  const filters: Record<string, string> = {};
  for (const [index, condition] of (args.where ?? []).entries()) {
    if (!FIELD_PATH.test(condition.field)) {
      throw badInput(`where[${index}].field`, 'a dotted field path such as memberships.nato', condition.field);
    }
    filters[condition.field] = condition.equals;
  }
  return context.upstream.get<Envelope<CountryWire>>('country-data', '/countries/v5', {
    ...filters,
    q: args.q,
    sort: args.sort,
    limit: args.limit,
    offset: args.offset,
  });
}

export const countryDataResolvers = {
  Query: {
    countries,
    country: (_root: unknown, args: { code: string }, context: GatewayContext) => context.loaders.countryByCode.load(args.code),
  },
  CountryPage: {
    nodes: (page: Envelope<CountryWire>) => page.data.objects,
    total: (page: Envelope<CountryWire>) => page.data.meta.total,
    count: (page: Envelope<CountryWire>) => page.data.meta.count,
    limit: (page: Envelope<CountryWire>) => page.data.meta.limit,
    offset: (page: Envelope<CountryWire>) => page.data.meta.offset,
    more: (page: Envelope<CountryWire>) => page.data.meta.more,
  },
  CountryNames: {
    native: (names: CountryWire['names']) => localized(names.native),
    translations: (names: CountryWire['names'], args: { languages?: string[] | null }) => localized(names.translations, args.languages),
  },
  Country: {
    demonyms: (country: CountryWire) =>
      Object.entries(country.demonyms).map(([language, forms]) => ({ language, masculine: forms.m, feminine: forms.f })),
  },
  ExchangeRateTable: {
    rates: (table: RateTableWire, args: { currencies?: string[] | null }) => {
      const wanted = args.currencies ? new Set(args.currencies.map((code) => code.toUpperCase())) : undefined;
      return Object.entries(table.rates)
        .filter(([currency]) => !wanted || wanted.has(currency))
        .map(([currency, rate]) => ({ currency, rate }));
    },
  },
};

/** Mesh-generated arguments that take a domain scalar. */
export const countryDataArgumentScalars = {
  'Query.ipLookup.ip': 'IpAddress',
} as const;

/** Root fields whose answer is the first object of D's envelope, or the whole object list. */
export const countryDataEnvelopes = {
  convertCurrency: ['data', 'objects', 0],
  exchangeRates: ['data', 'objects', 0],
  currencies: ['data', 'objects'],
  ipLookup: ['data', 'objects', 0],
  userAgent: ['data', 'objects', 0],
} as const;
