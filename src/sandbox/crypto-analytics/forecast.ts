/**
 * Price predictions from Holt's linear exponential smoothing (double exponential smoothing,
 * additive trend) of log closes, fitted on the last 365 days up to the as-of day:
 *
 *   level_0 = y_0, trend_0 = y_1 - y_0, then for t >= 1
 *   level_t = a * y_t + (1 - a) * (level_{t-1} + trend_{t-1})
 *   trend_t = b * (level_t - level_{t-1}) + (1 - b) * trend_{t-1}
 *   forecast y_{T+h} = level_T + h * trend_T,      a = 0.3, b = 0.05, h = 1 .. 7 days
 *
 * Fixed smoothing constants (not fitted) keep the forecast reproducible and cheap. CLOSE is
 * exp(forecast); OPEN is the previous day's predicted close (the actual close for h = 1);
 * HIGH and LOW extend max/min(OPEN, CLOSE) by the mean log wick of the last 30 days,
 * mean ln(HIGH / max(O, C)) and mean ln(min(O, C) / LOW); VOLUME is the 30-day mean volume.
 */
import type { SandboxMarket } from './market.js';
import { mean, valueAt } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

export const HOLT_ALPHA = 0.3;
export const HOLT_BETA = 0.05;
export const FORECAST_HORIZON_DAYS = 7;
export const FIT_WINDOW_DAYS = 365;
/** Fewer closes than this before the as-of day give no forecast. */
export const MIN_FIT_DAYS = 60;
export const FORECAST_MODEL = 'holt-linear-log-close';
const WICK_WINDOW_DAYS = 30;

export interface ForecastValues {
  horizon: number;
  OPEN: number;
  HIGH: number;
  LOW: number;
  CLOSE: number;
  VOLUME: number;
}

/** Holt's level and trend after smoothing the series (at least two values). */
export function holtLinear(series: ArrayLike<number>, alpha: number, beta: number): { level: number; trend: number } {
  let level = valueAt(series, 0);
  let trend = valueAt(series, 1) - valueAt(series, 0);
  for (let t = 1; t < series.length; t += 1) {
    const previousLevel = level;
    level = alpha * valueAt(series, t) + (1 - alpha) * (level + trend);
    trend = beta * (level - previousLevel) + (1 - beta) * trend;
  }
  return { level, trend };
}

/** The next seven days' predicted candles as of history index `asOf`; empty if too early. */
export function forecastCandles(market: SandboxMarket, token: TokenInfo, asOf: number): ForecastValues[] {
  if (asOf + 1 < MIN_FIT_DAYS) return [];
  const { open, high, low, close, volume } = market.history(token);
  const start = Math.max(0, asOf - FIT_WINDOW_DAYS + 1);
  const logCloses = Array.from(close.subarray(start, asOf + 1), Math.log);
  const { level, trend } = holtLinear(logCloses, HOLT_ALPHA, HOLT_BETA);
  const recent: number[] = [];
  for (let t = asOf - WICK_WINDOW_DAYS + 1; t <= asOf; t += 1) recent.push(t);
  const upperWick = mean(recent.map((t) => Math.log(valueAt(high, t) / Math.max(valueAt(open, t), valueAt(close, t)))));
  const lowerWick = mean(recent.map((t) => Math.log(Math.min(valueAt(open, t), valueAt(close, t)) / valueAt(low, t))));
  const averageVolume = mean(recent.map((t) => valueAt(volume, t)));
  const candles: ForecastValues[] = [];
  let previousClose = valueAt(close, asOf);
  for (let horizon = 1; horizon <= FORECAST_HORIZON_DAYS; horizon += 1) {
    const predicted = Math.exp(level + horizon * trend);
    candles.push({
      horizon,
      OPEN: previousClose,
      HIGH: Math.max(previousClose, predicted) * Math.exp(upperWick),
      LOW: Math.min(previousClose, predicted) * Math.exp(-lowerWick),
      CLOSE: predicted,
      VOLUME: averageVolume,
    });
    previousClose = predicted;
  }
  return candles;
}
