/**
 * Handlers of the as-of operations: levels, predictions, quantitative metrics, scenarios,
 * correlations and indices. Each turns validated parameters into wire records.
 */
import type { SandboxHandler } from '../sandbox-server.js';
import { formatDay } from './calendar.js';
import { correlationsOf } from './correlation.js';
import { success } from './envelope.js';
import { FORECAST_MODEL, forecastCandles } from './forecast.js';
import { indexConstituents, rebalanceDays, type TimeHorizon } from './indices.js';
import { DEFAULT_LEVEL_LOOKBACK_DAYS, resistanceSupportLevels } from './levels.js';
import type { SandboxMarket } from './market.js';
import { MIN_QUANT_RETURNS, quantTier1, quantTier2 } from './quant-metrics.js';
import { asOfIndex, dateRange, type Query, requestedTokens, takePage } from './queries.js';
import { dateFields, tokenFields } from './records.js';
import { priceScenarios } from './scenarios.js';
import type { TokenInfo } from './token-universe.js';

/** One record per token of metrics as of `date`; none when `date` leaves too little history. */
function quantRecords<T extends object>(
  market: SandboxMarket,
  query: Query,
  metrics: (market: SandboxMarket, token: TokenInfo, asOf: number) => T,
): object[] {
  const asOf = asOfIndex(market, query);
  if (asOf === undefined || asOf < MIN_QUANT_RETURNS) return [];
  return takePage(requestedTokens(market, query), query).map((token) => ({
    ...tokenFields(token),
    ...dateFields(market.dayAt(asOf)),
    ...metrics(market, token, asOf),
  }));
}

/** Handlers of the levels, predictions, metrics, scenarios, correlations and indices operations. */
export function analyticsHandlers(market: SandboxMarket): Record<string, SandboxHandler> {
  return {
    resistanceSupport: ({ params }) => {
      const { query } = params;
      const range = dateRange(market, query, DEFAULT_LEVEL_LOOKBACK_DAYS);
      const records = range
        ? requestedTokens(market, query).flatMap((token) =>
            resistanceSupportLevels(market, token, range.from, range.to).map((level) => ({
              ...tokenFields(token),
              ...dateFields(market.dayAt(range.to)),
              ...level,
            })),
          )
        : [];
      return success(takePage(records, query));
    },

    pricePredictions: ({ params }) => {
      const { query } = params;
      const asOf = asOfIndex(market, query);
      const records =
        asOf === undefined
          ? []
          : requestedTokens(market, query).flatMap((token) =>
              forecastCandles(market, token, asOf).map(({ horizon, ...candle }) => ({
                ...tokenFields(token),
                ...dateFields(market.dayAt(asOf + horizon)),
                ...candle,
                FORECAST_DATE: formatDay(market.dayAt(asOf)),
                FORECAST_HORIZON_DAYS: horizon,
                FORECAST_MODEL,
              })),
            );
      return success(takePage(records, query));
    },

    quantMetricsTier1: ({ params }) => success(quantRecords(market, params.query, quantTier1)),

    quantMetricsTier2: ({ params }) => success(quantRecords(market, params.query, quantTier2)),

    scenarioAnalysis: ({ params }) => {
      const { query } = params;
      const records = requestedTokens(market, query).flatMap((token) =>
        priceScenarios(market, token).map((scenario) => ({ ...tokenFields(token), ...dateFields(market.lastDay), ...scenario })),
      );
      return success(takePage(records, query));
    },

    correlations: ({ params }) => {
      const { query } = params;
      const records = requestedTokens(market, query).flatMap((token) =>
        correlationsOf(market, token).map(({ other, CORRELATION }) => ({
          ...tokenFields(token),
          ...dateFields(market.lastDay),
          TOKEN_2_ID: other.id,
          TOKEN_2_NAME: other.name,
          TOKEN_2_SYMBOL: other.symbol,
          CORRELATION,
        })),
      );
      return success(takePage(records, query));
    },

    indices: ({ params }) => {
      const { query } = params;
      const range = dateRange(market, query);
      const horizon = (query.timeHorizon as TimeHorizon | undefined) ?? 'month';
      const exchanges = query.exchanges as string[] | undefined;
      const days = range ? rebalanceDays(horizon, market.dayAt(range.from), market.dayAt(range.to)) : [];
      const records = (function* () {
        for (const day of days) {
          for (const constituent of indexConstituents(market, market.indexOf(day), exchanges, query.lowCap === true)) {
            const { token, ...values } = constituent;
            yield { ...tokenFields(token), ...dateFields(day), ...values };
          }
        }
      })();
      return success(takePage(records, query));
    },
  };
}
