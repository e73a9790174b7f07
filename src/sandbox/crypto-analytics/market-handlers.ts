/**
 * Handlers of the per-day operations: tokens, prices, grades, market and trading indicators,
 * sentiment. Each turns validated parameters into wire records.
 */
import type { SandboxHandler } from '../sandbox-server.js';
import { success } from './envelope.js';
import { INVESTOR_GRADE_FIRST_INDEX, investorGrades, TRADER_GRADE_FIRST_INDEX, traderGrades } from './grades.js';
import type { SandboxMarket } from './market.js';
import { dailyRecords, dateRange, type Query, requestedTokens, takePage } from './queries.js';
import { dateFields, tokenFields } from './records.js';
import { SENTIMENT_FIRST_INDEX, sentimentOn } from './sentiment.js';
import { marketIndicator, tradingSignalChanges } from './signals.js';
import { valueAt } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

function matchesText(values: unknown, text: string): boolean {
  return !Array.isArray(values) || values.some((value) => String(value).toLowerCase() === text.toLowerCase());
}

function listTokens(market: SandboxMarket, query: Query): TokenInfo[] {
  const ids = query.token_ids;
  return market.tokens.filter(
    (token) =>
      (!Array.isArray(ids) || ids.includes(token.id)) &&
      matchesText(query.token_names, token.name) &&
      matchesText(query.token_symbols, token.symbol),
  );
}

/** Handlers of the tokens, price, grades, indicators and sentiment operations. */
export function marketHandlers(market: SandboxMarket): Record<string, SandboxHandler> {
  return {
    tokens: ({ params }) =>
      success(
        takePage(listTokens(market, params.query), params.query).map((token) => ({
          ...tokenFields(token),
          CATEGORY: token.category,
          EXCHANGE_LIST: token.exchanges,
          CIRCULATING_SUPPLY: token.supply,
          MARKET_CAP: valueAt(market.marketCaps(token), market.dayCount - 1),
        })),
      ),

    tokenPrices: ({ params }) => {
      const { query } = params;
      const today = market.dayCount - 1;
      const records = dailyRecords(requestedTokens(market, query), dateRange(market, query), 0, (token, t) => {
        const candle = market.history(token);
        return {
          ...tokenFields(token),
          ...dateFields(market.dayAt(t)),
          OPEN: valueAt(candle.open, t),
          HIGH: valueAt(candle.high, t),
          LOW: valueAt(candle.low, t),
          CLOSE: valueAt(candle.close, t),
          VOLUME: valueAt(candle.volume, t),
          MARKET_CAP: valueAt(market.marketCaps(token), t),
          CURRENT_PRICE: valueAt(candle.close, today),
        };
      });
      return success(takePage(records, query));
    },

    investorGrades: ({ params }) => {
      const { query } = params;
      const records = dailyRecords(requestedTokens(market, query), dateRange(market, query), INVESTOR_GRADE_FIRST_INDEX, (token, t) => {
        const grades = investorGrades(market, token)[t];
        return grades && { ...tokenFields(token), ...dateFields(market.dayAt(t)), ...grades };
      });
      return success(takePage(records, query));
    },

    traderGrades: ({ params }) => {
      const { query } = params;
      const records = dailyRecords(requestedTokens(market, query), dateRange(market, query), TRADER_GRADE_FIRST_INDEX, (token, t) => {
        const grades = traderGrades(market, token)[t];
        return grades && { ...tokenFields(token), ...dateFields(market.dayAt(t)), ...grades };
      });
      return success(takePage(records, query));
    },

    marketIndicator: ({ params }) => {
      const { query } = params;
      const indicator = marketIndicator(market);
      const range = dateRange(market, query);
      const records: object[] = [];
      for (let t = range?.to ?? -1; range && t >= range.from; t -= 1) {
        const values = indicator[t];
        if (values) records.push({ ...dateFields(market.dayAt(t)), ...values });
      }
      return success(takePage(records, query));
    },

    tradingIndicators: ({ params }) => {
      const { query } = params;
      const tokens = requestedTokens(market, query);
      const records = tokens
        .flatMap((token) => tradingSignalChanges(market, token).map((change) => ({ token, change })))
        // Newest first across tokens; the sort is stable, so same-day changes keep token order.
        .sort((a, b) => b.change.index - a.change.index)
        .map(({ token, change }) => {
          const { index, ...values } = change;
          return { ...tokenFields(token), ...dateFields(market.dayAt(index)), ...values };
        });
      return success(takePage(records, query));
    },

    sentiments: ({ params }) => {
      const { query } = params;
      const records = dailyRecords(requestedTokens(market, query), dateRange(market, query), SENTIMENT_FIRST_INDEX, (token, t) => ({
        ...tokenFields(token),
        ...dateFields(market.dayAt(t)),
        ...sentimentOn(market, token, t),
      }));
      return success(takePage(records, query));
    },
  };
}
