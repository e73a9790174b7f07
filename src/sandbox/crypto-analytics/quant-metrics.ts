/**
 * Quantitative metrics of a token over its whole history up to an as-of day (index `end`).
 * R_t = C_t / C_{t-1} - 1 are simple daily returns; the crypto year has 365 trading days; the
 * risk-free rate is taken as 0.
 *
 * Tier 1:
 *   VOLATILITY        = sample std(R) * sqrt(365)
 *   SHARPE            = mean(R) * 365 / VOLATILITY
 *   SORTINO           = mean(R) * 365 / (sqrt(mean(min(R, 0)^2)) * sqrt(365))   (target 0)
 *   CUMULATIVE_RETURN = C_end / C_start - 1
 *   CAGR              = (C_end / C_start)^(365 / days) - 1, days = end - start
 *   MAX_DRAWDOWN      = min over t of C_t / max(C_start..C_t) - 1            (0 or negative)
 *   BETA              = sample cov(R, M) / sample var(M), M the daily return of the total
 *                       market cap of the sandbox universe (a cap-weighted index)
 * Tier 2: mean, std, max and min of R with the days they fell on; calendar-month returns
 * (each month from the previous month's last close, the first month from the first close,
 * the current month up to the as-of day) with their mean, std, max, min, the months they fell
 * in, and the means of the up (> 0) and down (< 0) months (null when there are none).
 */
import { formatDay, formatMonth } from './calendar.js';
import type { SandboxMarket } from './market.js';
import {
  indexOfExtreme,
  maxDrawdown,
  mean,
  sampleCovariance,
  sampleStandardDeviation,
  sampleVariance,
  simpleReturns,
  valueAt,
} from './statistics.js';
import type { TokenInfo } from './token-universe.js';

/** The as-of day must leave at least this many daily returns. */
export const MIN_QUANT_RETURNS = 30;

export interface QuantTier1Values {
  START_PERIOD: string;
  END_PERIOD: string;
  BETA: number;
  CAGR: number;
  CUMULATIVE_RETURN: number;
  MAX_DRAWDOWN: number;
  SHARPE: number;
  SORTINO: number;
  VOLATILITY: number;
}

export interface QuantTier2Values {
  AVG_DAILY_RETURN: number;
  STD_DAILY_RETURN: number;
  MAX_DAILY_RETURN: number;
  MIN_DAILY_RETURN: number;
  BEST_DAY: string;
  WORST_DAY: string;
  AVG_MONTHLY_RETURN: number;
  STD_MONTHLY_RETURN: number;
  MAX_MONTHLY_RETURN: number;
  MIN_MONTHLY_RETURN: number;
  BEST_MONTH: string;
  WORST_MONTH: string;
  AVG_UP_MONTH: number | null;
  AVG_DOWN_MONTH: number | null;
}

/** Tier 1 metrics as of history index `end`. */
export function quantTier1(market: SandboxMarket, token: TokenInfo, end: number): QuantTier1Values {
  const closes = market.history(token).close.subarray(0, end + 1);
  const returns = simpleReturns(closes);
  const marketReturns = simpleReturns(market.totalMarketCap().subarray(0, end + 1));
  const growth = valueAt(closes, end) / valueAt(closes, 0);
  const volatility = sampleStandardDeviation(returns) * Math.sqrt(365);
  const annualReturn = mean(returns) * 365;
  const downside = Math.sqrt(mean(returns.map((r) => Math.min(r, 0) ** 2))) * Math.sqrt(365);
  return {
    START_PERIOD: formatDay(market.firstDay),
    END_PERIOD: formatDay(market.dayAt(end)),
    BETA: sampleCovariance(returns, marketReturns) / sampleVariance(marketReturns),
    CAGR: growth ** (365 / end) - 1,
    CUMULATIVE_RETURN: growth - 1,
    MAX_DRAWDOWN: maxDrawdown(closes),
    SHARPE: annualReturn / volatility,
    SORTINO: annualReturn / downside,
    VOLATILITY: volatility,
  };
}

/** Calendar-month returns up to history index `end`, with the month each belongs to. */
export function monthlyReturns(market: SandboxMarket, closes: Float64Array, end: number): Array<{ month: string; value: number }> {
  const months: Array<{ month: string; value: number }> = [];
  let base = 0;
  for (let t = 0; t <= end; t += 1) {
    const month = formatMonth(market.dayAt(t));
    if (t === end || formatMonth(market.dayAt(t + 1)) !== month) {
      months.push({ month, value: valueAt(closes, t) / valueAt(closes, base) - 1 });
      base = t;
    }
  }
  return months;
}

function meanOrNull(values: number[]): number | null {
  return values.length === 0 ? null : mean(values);
}

/** Tier 2 metrics as of history index `end`. */
export function quantTier2(market: SandboxMarket, token: TokenInfo, end: number): QuantTier2Values {
  const closes = market.history(token).close;
  const returns = simpleReturns(closes.subarray(0, end + 1));
  const months = monthlyReturns(market, closes, end);
  const monthValues = months.map((m) => m.value);
  const best = indexOfExtreme(returns, 1);
  const worst = indexOfExtreme(returns, -1);
  const bestMonth = indexOfExtreme(monthValues, 1);
  const worstMonth = indexOfExtreme(monthValues, -1);
  return {
    AVG_DAILY_RETURN: mean(returns),
    STD_DAILY_RETURN: sampleStandardDeviation(returns),
    MAX_DAILY_RETURN: valueAt(returns, best),
    MIN_DAILY_RETURN: valueAt(returns, worst),
    // returns[k] is the return earned on history day k + 1.
    BEST_DAY: formatDay(market.dayAt(best + 1)),
    WORST_DAY: formatDay(market.dayAt(worst + 1)),
    AVG_MONTHLY_RETURN: mean(monthValues),
    STD_MONTHLY_RETURN: sampleStandardDeviation(monthValues),
    MAX_MONTHLY_RETURN: valueAt(monthValues, bestMonth),
    MIN_MONTHLY_RETURN: valueAt(monthValues, worstMonth),
    BEST_MONTH: months[bestMonth]?.month ?? '',
    WORST_MONTH: months[worstMonth]?.month ?? '',
    AVG_UP_MONTH: meanOrNull(monthValues.filter((v) => v > 0)),
    AVG_DOWN_MONTH: meanOrNull(monthValues.filter((v) => v < 0)),
  };
}
