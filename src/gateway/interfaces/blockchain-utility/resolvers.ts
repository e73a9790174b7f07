/**
 * Interface B's hand-written fields: the `Long` scalar (int64 amounts as decimal strings), ERG
 * decimals computed from the nanoERG figures, and the Mosaik view elements' free-form fields as
 * name/value pairs.
 * B answers without envelopes, so its envelope table is empty.
 */
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { ArgumentScalars } from '../../schema/argument-scalars.js';
import type { EnvelopeTable } from '../../schema/unwrap-envelopes.js';
import type { Int64Wire } from './wire.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL_INTEGER = /^-?\d{1,20}$/;
const NANO_PER_UNIT = 1_000_000_000n;

function toLong(value: unknown): string {
  if (typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX) return value.toString();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && DECIMAL_INTEGER.test(value)) {
    const parsed = BigInt(value);
    if (parsed >= INT64_MIN && parsed <= INT64_MAX) return parsed.toString();
  }
  throw new GraphQLError(
    `Long cannot represent ${JSON.stringify(typeof value === 'bigint' ? value.toString() : value)}: expected a 64-bit integer as a decimal string`,
  );
}

/** int64 values as decimal strings; resolvers and Mesh receive the string. */
export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'A 64-bit integer as a decimal string, so values beyond 2^53 keep every digit.',
  serialize: toLong,
  parseValue: toLong,
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING || ast.kind === Kind.INT) return toLong(ast.value);
    throw new GraphQLError(`Long cannot represent a ${ast.kind} literal: expected a 64-bit integer as a decimal string`, { nodes: [ast] });
  },
});

/** nanoERG (or any value with 9 implied decimals) as a decimal string without trailing zeros. */
function nineDecimals(value: bigint): string {
  const magnitude = value < 0n ? -value : value;
  const fraction = (magnitude % NANO_PER_UNIT).toString().padStart(9, '0').replace(/0+$/, '');
  return `${value < 0n ? '-' : ''}${magnitude / NANO_PER_UNIT}${fraction ? `.${fraction}` : ''}`;
}

const big = (value: Int64Wire): bigint => BigInt(value);

const COMMON_ELEMENT_FIELDS = new Set(['type', 'id', 'visible', 'onClickAction', 'onLongPressAction', 'children']);

/** What this slice's fields need from upstream (upstream/field-needs.ts): each reads only its own record. */
export const blockchainUtilityNeeds: FieldNeeds = {
  'StablecoinState.sigUsdPriceInErg': {},
  'StablecoinState.sigRsvPriceInErg': {},
  'StablecoinExchangeQuote.totalAmountInErg': {},
  'ErgoTokenPrice.tokensPerErg': {},
  'ErgoTokenPrice.ergPerToken': {},
  'MosaikViewElement.attributes': {},
};

export const blockchainUtilityResolvers: Resolvers = {
  Long: LongScalar,
  StablecoinState: {
    // sigUsdPrice is per raw unit, a cent: 100 of them make one SigUSD.
    sigUsdPriceInErg: (state) => nineDecimals(big(state.sigUsdPrice ?? 0) * 100n),
    sigRsvPriceInErg: (state) => nineDecimals(big(state.sigRsvPrice ?? 0)),
  },
  StablecoinExchangeQuote: {
    totalAmountInErg: (quote) => nineDecimals(big(quote.totalAmount ?? 0)),
  },
  ErgoTokenPrice: {
    tokensPerErg: (price) => nineDecimals(big(price.price ?? 0)),
    ergPerToken: (price) => {
      const scaled = big(price.price ?? 0);
      return scaled === 0n ? null : nineDecimals(10n ** 18n / scaled);
    },
  },
  MosaikViewElement: {
    attributes: (element) =>
      Object.entries(element)
        .filter(([name]) => !COMMON_ELEMENT_FIELDS.has(name))
        .map(([name, value]) => ({
          name,
          value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : null,
          json: JSON.stringify(value),
        })),
  },
};

/** B's answers have no envelope to unwrap. */
export const blockchainUtilityEnvelopes: EnvelopeTable = {};

/** Addresses the gateway checks itself (Base58 checksum) before asking TokenJay. */
export const blockchainUtilityArgumentScalars: ArgumentScalars = {
  'Query.babelFeeOfferTransaction.address': 'ErgoAddress',
  'Query.boxConsolidationTransaction.address': 'ErgoAddress',
  'Query.sigUsdExchangeTransaction.address': 'ErgoAddress',
  'Query.sigRsvExchangeTransaction.address': 'ErgoAddress',
};
