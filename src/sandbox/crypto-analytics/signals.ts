/**
 * Rule-based signals.
 *
 * Market indicator (whole market, from day 90 on):
 *   TOTAL_CRYPTO_MCAP        = sum over the sandbox tokens of close x circulating supply
 *   TM_GRADE_PERC_HIGH_COINS = % of tokens whose TM_TRADER_GRADE is at least 65
 *   TM_GRADE_SIGNAL          = +1 (bullish) when that share is at least 50 %, -1 (bearish) when
 *                              it is at most 15 %, else 0
 *   LAST_TM_GRADE_SIGNAL     = the latest non-zero TM_GRADE_SIGNAL on or before the day (0 if none)
 *
 * Trading signal (per token, from day 49 on), a moving-average crossover with confirmation:
 *   +1 when SMA20 > SMA50 and close > SMA50 (an uptrend), -1 when SMA20 < SMA50 and
 *   close < SMA50 (a downtrend), else 0. A trading-indicator record is a day the signal changed.
 */
import { TRADER_GRADE_FIRST_INDEX, traderGrades } from './grades.js';
import type { SandboxMarket } from './market.js';
import { rollingMean, valueAt } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

export const HIGH_GRADE = 65;
export const BULLISH_SHARE = 50;
export const BEARISH_SHARE = 15;
export const FAST_WINDOW = 20;
export const SLOW_WINDOW = 50;

export type Signal = -1 | 0 | 1;

export interface MarketIndicatorValues {
  TOTAL_CRYPTO_MCAP: number;
  TM_GRADE_PERC_HIGH_COINS: number;
  TM_GRADE_SIGNAL: Signal;
  LAST_TM_GRADE_SIGNAL: Signal;
}

export interface TradingSignalChange {
  index: number;
  TRADING_SIGNAL: Signal;
  CLOSE: number;
  FAST_MA: number;
  SLOW_MA: number;
}

/** The market indicator by history index (undefined before the first trader grades). */
export function marketIndicator(market: SandboxMarket): ReadonlyArray<MarketIndicatorValues | undefined> {
  return market.cached('market-indicator', () => {
    const grades = market.tokens.map((token) => traderGrades(market, token));
    const total = market.totalMarketCap();
    let last: Signal = 0;
    return Array.from(total, (cap, t) => {
      if (t < TRADER_GRADE_FIRST_INDEX) return undefined;
      const high = grades.filter((series) => (series[t]?.TM_TRADER_GRADE ?? 0) >= HIGH_GRADE).length;
      const share = (100 * high) / grades.length;
      const signal: Signal = share >= BULLISH_SHARE ? 1 : share <= BEARISH_SHARE ? -1 : 0;
      if (signal !== 0) last = signal;
      return { TOTAL_CRYPTO_MCAP: cap, TM_GRADE_PERC_HIGH_COINS: share, TM_GRADE_SIGNAL: signal, LAST_TM_GRADE_SIGNAL: last };
    });
  });
}

/** The days a token's trading signal changed, oldest first (the first defined day counts). */
export function tradingSignalChanges(market: SandboxMarket, token: TokenInfo): readonly TradingSignalChange[] {
  return market.cached(`trading-signals:${token.id}`, () => {
    const closes = market.history(token).close;
    const fast = rollingMean(closes, FAST_WINDOW);
    const slow = rollingMean(closes, SLOW_WINDOW);
    const changes: TradingSignalChange[] = [];
    let previous: Signal | undefined;
    for (let t = SLOW_WINDOW - 1; t < closes.length; t += 1) {
      const [close, fastMa, slowMa] = [valueAt(closes, t), valueAt(fast, t), valueAt(slow, t)];
      const signal: Signal = fastMa > slowMa && close > slowMa ? 1 : fastMa < slowMa && close < slowMa ? -1 : 0;
      if (signal !== previous) changes.push({ index: t, TRADING_SIGNAL: signal, CLOSE: close, FAST_MA: fastMa, SLOW_MA: slowMa });
      previous = signal;
    }
    return changes;
  });
}
