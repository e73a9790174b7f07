/**
 * Lookups of the gateway's entities by key, shared by the plural root fields and the federation
 * `_entities` field. Each takes all the keys of one type at once and goes through the request's
 * loaders, so the keys cost one batch per entity type. They answer one promise per key, in key
 * order: a bad or unknown key rejects its own promise alone, which GraphQL reports at that key's
 * list index with null in its place, never as a failed batch.
 */
import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../../context.js';
import { badInput } from '../../errors.js';
import type { CountryWire } from '../../interfaces/country-data/wire.js';
import type { TokenRecordWire } from '../../interfaces/crypto-analytics/wire.js';
import type { ArgumentAt } from '../../schema/entity-declaration.js';

/** One currency of D's list (the same shape a country's currencies have). */
export type CurrencyWire = CountryWire['currencies'][number];

const ALPHA2 = /^[A-Za-z]{2}$/;
const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/** The error for a well-formed key that names nothing. */
function unknownKey(argument: string, kind: string, key: unknown): GraphQLError {
  return new GraphQLError(`Argument "${argument}" must name a known ${kind}; received ${JSON.stringify(key)}, which names none.`, {
    extensions: { code: 'NOT_FOUND', argument },
  });
}

/** Countries by ISO alpha-2 code, in key order. */
export function countriesByAlpha2(codes: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<CountryWire>[] {
  return codes.map(async (code, index) => {
    if (typeof code !== 'string' || !ALPHA2.test(code)) throw badInput(argumentAt(index), 'an ISO 3166-1 alpha-2 code such as GB', code);
    const country = await context.loaders.countryByCode.load(code);
    // The loader matches any code kind; an alpha-2 key must be the country's own alpha-2.
    if (!country || country.codes.alpha_2.toUpperCase() !== code.toUpperCase()) throw unknownKey(argumentAt(index), 'country', code);
    return country;
  });
}

/** Tokens by id, in key order. */
export function tokensById(ids: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<TokenRecordWire>[] {
  return ids.map(async (id, index) => {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw badInput(argumentAt(index), 'a positive token id', id);
    const token = await context.loaders.cryptoAnalytics.tokenById.load(id);
    if (!token) throw unknownKey(argumentAt(index), 'token', id);
    return token;
  });
}

/** Currencies by ISO 4217 code, in key order: one request for D's currency list, whatever the count. */
export function currenciesByCode(codes: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<CurrencyWire>[] {
  let list: Promise<CurrencyWire[]> | undefined;
  const currencies = () =>
    (list ??= context.upstream
      .get<{ data: { objects: CurrencyWire[] } }>('country-data', '/currencies/v1/symbols')
      .then((answer) => answer.data.objects));
  return codes.map(async (code, index) => {
    if (typeof code !== 'string' || !CURRENCY_CODE.test(code)) throw badInput(argumentAt(index), 'an ISO 4217 code such as EUR', code);
    const currency = (await currencies()).find((candidate) => candidate.code === code.toUpperCase());
    if (!currency) throw unknownKey(argumentAt(index), 'currency', code);
    return currency;
  });
}
