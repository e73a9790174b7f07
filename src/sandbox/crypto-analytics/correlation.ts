/**
 * Correlations between tokens: Pearson's coefficient of the daily log returns ln(C_t / C_{t-1})
 * over the last 365 days up to today, for a token against every other token of the sandbox,
 * strongest first.
 */
import type { SandboxMarket } from './market.js';
import { logReturns, pearsonCorrelation } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

export const CORRELATION_WINDOW_DAYS = 365;

export interface CorrelationValues {
  other: TokenInfo;
  CORRELATION: number;
}

function recentLogReturns(market: SandboxMarket, token: TokenInfo): Float64Array {
  return market.cached(`recent-log-returns:${token.id}`, () => {
    const closes = market.history(token).close;
    return logReturns(closes.subarray(closes.length - CORRELATION_WINDOW_DAYS - 1));
  });
}

/** A token's correlation with every other sandbox token, highest first. */
export function correlationsOf(market: SandboxMarket, token: TokenInfo): readonly CorrelationValues[] {
  return market.cached(`correlations:${token.id}`, () => {
    const own = recentLogReturns(market, token);
    return market.tokens
      .filter((other) => other.id !== token.id)
      .map((other) => ({ other, CORRELATION: pearsonCorrelation(own, recentLogReturns(market, other)) }))
      .sort((a, b) => b.CORRELATION - a.CORRELATION);
  });
}
