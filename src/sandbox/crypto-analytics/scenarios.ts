/**
 * Scenario analysis: what a token's price would be if the whole crypto market were a given
 * size and the token held a given share of it. As of today:
 *   CURRENT_DOMINANCE = 100 * token market cap / total market cap of the sandbox universe (%)
 *   TOTAL_MARKET_CAP  = today's total x 0.5, 1, 2, 3 or 5
 *   DOMINANCE         = CURRENT_DOMINANCE x 0.5, 1 or 2 (capped at 100 %)
 *   PREDICTION        = DOMINANCE / 100 x TOTAL_MARKET_CAP / circulating supply
 * Fifteen scenarios per token, in the order of the two lists.
 */
import type { SandboxMarket } from './market.js';
import { valueAt } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

export const MARKET_CAP_MULTIPLES = [0.5, 1, 2, 3, 5] as const;
export const DOMINANCE_MULTIPLES = [0.5, 1, 2] as const;

export interface ScenarioValues {
  CURRENT_PRICE: number;
  CURRENT_DOMINANCE: number;
  DOMINANCE: number;
  TOTAL_MARKET_CAP: number;
  PREDICTION: number;
}

/** The fifteen market-size x dominance scenarios for a token, as of today. */
export function priceScenarios(market: SandboxMarket, token: TokenInfo): ScenarioValues[] {
  const today = market.dayCount - 1;
  const total = valueAt(market.totalMarketCap(), today);
  const currentDominance = (100 * valueAt(market.marketCaps(token), today)) / total;
  const currentPrice = valueAt(market.history(token).close, today);
  return MARKET_CAP_MULTIPLES.flatMap((capMultiple) =>
    DOMINANCE_MULTIPLES.map((dominanceMultiple) => {
      const dominance = Math.min(100, currentDominance * dominanceMultiple);
      const totalMarketCap = total * capMultiple;
      return {
        CURRENT_PRICE: currentPrice,
        CURRENT_DOMINANCE: currentDominance,
        DOMINANCE: dominance,
        TOTAL_MARKET_CAP: totalMarketCap,
        PREDICTION: ((dominance / 100) * totalMarketCap) / token.supply,
      };
    }),
  );
}
