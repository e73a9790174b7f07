/**
 * The Token graph: `token(id | symbol)` and the Token fields that reach the
 * other operations for that token, all through the batching loaders.
 */
import { badInput } from '../../errors.js';
import { addDays, today } from '../../days.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

/** Days of prices a Token gives when the caller names no range. */
const DEFAULT_PRICE_DAYS = 30;

/**
 * What these fields need from upstream (upstream/field-needs.ts). The token's series are batched
 * by the request's loaders across every token, so their calls are counted once execution makes
 * them (the fan-out budget), not per field.
 */
export const tokenGraphNeeds: FieldNeeds = {
  'Query.token': { calls: { 'crypto-analytics': 1 } },
  'Token.prices': {},
  'Token.investorGrade': {},
  'Token.traderGrade': {},
  'Token.sentiment': {},
  'Token.quantMetrics': {},
  'Token.resistanceSupport': {},
  'Token.prediction': {},
  'Token.correlations': {},
};

export const tokenGraphResolvers: Resolvers = {
  Query: {
    token: (_root, args, context) => {
      const hasId = args.id !== undefined && args.id !== null;
      const hasSymbol = args.symbol !== undefined && args.symbol !== null;
      if (hasId === hasSymbol)
        throw badInput(hasId ? 'symbol' : 'id', 'given when, and only when, the other is not', hasId ? args.symbol : args.id);
      if (hasId) {
        if ((args.id ?? 0) < 1) throw badInput('id', 'a positive token id', args.id);
        return context.loaders.cryptoAnalytics.tokenById.load(args.id ?? 0);
      }
      const symbol = args.symbol?.trim() ?? '';
      if (!/^[A-Za-z0-9]{1,20}$/.test(symbol)) throw badInput('symbol', 'a ticker symbol of letters and digits, e.g. BTC', args.symbol);
      return context.loaders.cryptoAnalytics.tokenBySymbol.load(symbol);
    },
  },
  Token: {
    prices: (token, args, context) => {
      const endDate = args.endDate ?? today(context.clock());
      const startDate = args.startDate ?? addDays(endDate, -(DEFAULT_PRICE_DAYS - 1));
      if (startDate > endDate) throw badInput('startDate', `a day not after endDate (${endDate})`, startDate);
      return context.loaders.cryptoAnalytics.prices(startDate, endDate).load(token.TOKEN_ID);
    },
    investorGrade: (token, _args, context) => context.loaders.cryptoAnalytics.latestInvestorGrade.load(token.TOKEN_ID),
    traderGrade: (token, _args, context) => context.loaders.cryptoAnalytics.latestTraderGrade.load(token.TOKEN_ID),
    sentiment: (token, _args, context) => context.loaders.cryptoAnalytics.latestSentiment.load(token.TOKEN_ID),
    quantMetrics: (token, _args, context) => context.loaders.cryptoAnalytics.quantMetrics.load(token.TOKEN_ID),
    resistanceSupport: (token, _args, context) => context.loaders.cryptoAnalytics.resistanceSupport.load(token.TOKEN_ID),
    prediction: (token, _args, context) => context.loaders.cryptoAnalytics.predictions.load(token.TOKEN_ID),
    correlations: async (token, args, context) => {
      if (args.limit !== undefined && args.limit !== null && args.limit < 1) throw badInput('limit', 'a positive number', args.limit);
      const rows = await context.loaders.cryptoAnalytics.correlations.load(token.TOKEN_ID);
      return args.limit ? rows.slice(0, args.limit) : rows;
    },
  },
};
