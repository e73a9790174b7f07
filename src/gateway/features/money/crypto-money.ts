/**
 * Money on interfaces A and B, in any currency D has rates for:
 * - Token.price(currency) and Token.priceIn(country): A's latest USD close × D's rate;
 * - StablecoinState.ergPrice / sigUsdPriceIn / sigRsvPriceIn and ErgoTokenPrice.priceIn: B's
 *   nanoERG figures × ERG/USD (the SigUSD peg) × D's rate.
 * All of them share the request's one USD rate table and, for B, its one stablecoin-state answer.
 */
import { NANOERG_PER_ERG, usdPerErg } from './erg-price-loader.js';
import { PIVOT_CURRENCY } from './rate-loader.js';
import type { GatewayContext } from '../../context.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { TokenRecordWire } from '../../interfaces/crypto-analytics/wire.js';
import { convert, knownCurrency, type Money } from './money-math.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

async function latestUsdClose(token: TokenRecordWire, context: GatewayContext): Promise<number | null> {
  const newest = await context.loaders.cryptoAnalytics.latestPrice.load(token.TOKEN_ID);
  return typeof newest?.CLOSE === 'number' ? newest.CLOSE : null;
}

async function usdIn(amountUsd: number | null, currency: string, argument: string, context: GatewayContext): Promise<Money | null> {
  if (amountUsd === null) return null;
  const table = await context.loaders.rates.load(PIVOT_CURRENCY);
  return convert(table, amountUsd, PIVOT_CURRENCY, knownCurrency(argument, currency, table));
}

async function nanoErgIn(nanoErg: number, usdPerErg: number, currency: string, context: GatewayContext): Promise<Money | null> {
  return usdIn((nanoErg / NANOERG_PER_ERG) * usdPerErg, currency, 'currency', context);
}

/** What these fields need from upstream (upstream/field-needs.ts): the calls each makes at least. */
export const cryptoMoneyNeeds: FieldNeeds = {
  'Token.price': { calls: { 'crypto-analytics': 1 } },
  'Token.priceIn': { calls: { 'country-data': 1 } },
  'StablecoinState.ergPrice': { calls: { 'blockchain-utility': 1 } },
  'StablecoinState.sigUsdPriceIn': { calls: { 'country-data': 1 } },
  'StablecoinState.sigRsvPriceIn': { calls: { 'country-data': 1 } },
  'ErgoTokenPrice.priceIn': { calls: { 'country-data': 1 } },
};

export const cryptoMoneyResolvers: Resolvers = {
  Token: {
    price: async (token, args, context) => usdIn(await latestUsdClose(token, context), args.currency, 'currency', context),
    priceIn: async (token, args, context) => {
      const [close, country] = await Promise.all([latestUsdClose(token, context), context.loaders.countryByCode.load(args.country)]);
      const currency = country?.currencies[0]?.code;
      return currency ? usdIn(close, currency, 'country', context) : null;
    },
  },
  // The parent is the bank's state itself, so its own SigUSD price gives ERG/USD.
  StablecoinState: {
    ergPrice: (state, args, context) => nanoErgIn(NANOERG_PER_ERG, usdPerErg(Number(state.sigUsdPrice)), args.currency, context),
    // A raw SigUSD unit is a cent, so one whole SigUSD is 100 of them.
    sigUsdPriceIn: (state, args, context) =>
      nanoErgIn(Number(state.sigUsdPrice) * 100, usdPerErg(Number(state.sigUsdPrice)), args.currency, context),
    sigRsvPriceIn: (state, args, context) =>
      nanoErgIn(Number(state.sigRsvPrice), usdPerErg(Number(state.sigUsdPrice)), args.currency, context),
  },
  ErgoTokenPrice: {
    // price is whole tokens per ERG × 10^9, so one whole token is worth 10^9 ÷ price ERG.
    priceIn: async (tokenPrice, args, context) => {
      const price = Number(tokenPrice.price);
      if (!(price > 0)) return null;
      return nanoErgIn((NANOERG_PER_ERG * NANOERG_PER_ERG) / price, await context.loaders.usdPerErg.load('ERG'), args.currency, context);
    },
  },
};
