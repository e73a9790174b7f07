/**
 * Trader and investor grades (0–100): documented composites of indicators computed from the
 * token's own daily history. Each series is computed once per token and kept.
 *
 * Trader grade (short term), from day 90 of the history on:
 *   RSI14      = 100 * G / (G + L) over the last 14 close-to-close changes, G = sum of gains,
 *                L = sum of losses (Cutler's simple-average RSI; 50 when nothing moved).
 *   TREND      = 50 * (1 + tanh(5 * ln(close / SMA50)))
 *   TA_GRADE   = (RSI14 + TREND) / 2
 *   SHARPE90   = mean / sample standard deviation of the last 90 simple daily returns * sqrt(365)
 *   QUANT_GRADE = 50 * (1 + tanh(SHARPE90 / 2))
 *   TM_TRADER_GRADE = (TA_GRADE + QUANT_GRADE) / 2
 *
 * Investor grade (long term), from day 30 on:
 *   SIZE       = 100 * clamp((log10(market cap) - 7) / 5, 0, 1)      ($10M -> 0, $1T -> 100)
 *   LIQUIDITY  = 100 * clamp((log10(turnover30) + 3) / 2.5, 0, 1), turnover30 = mean volume
 *                of the last 30 days / market cap                    (0.1 % -> 0, 31.6 % -> 100)
 *   FUNDAMENTAL_GRADE = (SIZE + LIQUIDITY) / 2
 *   TECHNOLOGY_GRADE  = a fixed score per token category (the sandbox has no code or
 *                       development data; see TECHNOLOGY_SCORES)
 *   VALUATION_GRADE   = 50 * (1 - tanh(ln(close / SMA365))), null before day 365: cheap against
 *                       its one-year average scores high
 *   TM_INVESTOR_GRADE = 0.4 FUNDAMENTAL + 0.2 TECHNOLOGY + 0.4 VALUATION, or
 *                       (0.4 FUNDAMENTAL + 0.2 TECHNOLOGY) / 0.6 while VALUATION is null
 */
import type { SandboxMarket } from './market.js';
import { clamp, rollingMean, simpleReturns, valueAt } from './statistics.js';
import type { TokenCategory, TokenInfo } from './token-universe.js';

const SHARPE_WINDOW = 90;
/** First history index with a trader grade (90 daily returns are needed). */
export const TRADER_GRADE_FIRST_INDEX = SHARPE_WINDOW;
/** First history index with an investor grade (30 days of volume are needed). */
export const INVESTOR_GRADE_FIRST_INDEX = 29;

export const TECHNOLOGY_SCORES: Record<TokenCategory, number> = {
  'layer-1': 80,
  'layer-2': 75,
  oracle: 75,
  currency: 70,
  privacy: 70,
  infrastructure: 70,
  defi: 70,
  payments: 65,
  ai: 65,
  storage: 65,
  exchange: 60,
  gaming: 55,
  meme: 25,
};

export interface TraderGradeValues {
  TA_GRADE: number;
  QUANT_GRADE: number;
  TM_TRADER_GRADE: number;
}

export interface InvestorGradeValues {
  TM_INVESTOR_GRADE: number;
  FUNDAMENTAL_GRADE: number;
  TECHNOLOGY_GRADE: number;
  VALUATION_GRADE: number | null;
}

function relativeStrength(closes: Float64Array, t: number): number {
  let gains = 0;
  let losses = 0;
  for (let k = t - 13; k <= t; k += 1) {
    const change = valueAt(closes, k) - valueAt(closes, k - 1);
    if (change > 0) gains += change;
    else losses -= change;
  }
  return gains + losses === 0 ? 50 : (100 * gains) / (gains + losses);
}

/** Trader grades by history index (undefined before TRADER_GRADE_FIRST_INDEX). */
export function traderGrades(market: SandboxMarket, token: TokenInfo): ReadonlyArray<TraderGradeValues | undefined> {
  return market.cached(`trader-grades:${token.id}`, () => {
    const closes = market.history(token).close;
    const returns = simpleReturns(closes);
    const sma50 = rollingMean(closes, 50);
    // Running first and second moments make the 90-day Sharpe ratio O(1) per day; returns[k]
    // is the return of day k + 1, so the window ending at index t - 1 covers days t - 89 .. t.
    const meanReturn = rollingMean(returns, SHARPE_WINDOW);
    const meanSquare = rollingMean(
      returns.map((r) => r * r),
      SHARPE_WINDOW,
    );
    return Array.from(closes, (close, t) => {
      if (t < TRADER_GRADE_FIRST_INDEX) return undefined;
      const trend = 50 * (1 + Math.tanh(5 * Math.log(close / valueAt(sma50, t))));
      const taGrade = (relativeStrength(closes, t) + trend) / 2;
      const average = valueAt(meanReturn, t - 1);
      const variance = ((valueAt(meanSquare, t - 1) - average * average) * SHARPE_WINDOW) / (SHARPE_WINDOW - 1);
      const sharpe = variance > 0 ? (average / Math.sqrt(variance)) * Math.sqrt(365) : 0;
      const quantGrade = 50 * (1 + Math.tanh(sharpe / 2));
      return { TA_GRADE: taGrade, QUANT_GRADE: quantGrade, TM_TRADER_GRADE: (taGrade + quantGrade) / 2 };
    });
  });
}

/** Investor grades by history index (undefined before INVESTOR_GRADE_FIRST_INDEX). */
export function investorGrades(market: SandboxMarket, token: TokenInfo): ReadonlyArray<InvestorGradeValues | undefined> {
  return market.cached(`investor-grades:${token.id}`, () => {
    const { close: closes, volume } = market.history(token);
    const caps = market.marketCaps(token);
    const volume30 = rollingMean(volume, 30);
    const sma365 = rollingMean(closes, 365);
    const technology = TECHNOLOGY_SCORES[token.category];
    return Array.from(closes, (close, t) => {
      if (t < INVESTOR_GRADE_FIRST_INDEX) return undefined;
      const cap = valueAt(caps, t);
      const size = 100 * clamp((Math.log10(cap) - 7) / 5, 0, 1);
      const liquidity = 100 * clamp((Math.log10(valueAt(volume30, t) / cap) + 3) / 2.5, 0, 1);
      const fundamental = (size + liquidity) / 2;
      const valuation = t >= 364 ? 50 * (1 - Math.tanh(Math.log(close / valueAt(sma365, t)))) : null;
      const investor =
        valuation === null ? (0.4 * fundamental + 0.2 * technology) / 0.6 : 0.4 * fundamental + 0.2 * technology + 0.4 * valuation;
      return { TM_INVESTOR_GRADE: investor, FUNDAMENTAL_GRADE: fundamental, TECHNOLOGY_GRADE: technology, VALUATION_GRADE: valuation };
    });
  });
}
