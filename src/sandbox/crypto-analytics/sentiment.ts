/**
 * Sentiment polarities (-1 .. 1). The sandbox has no social-media data, so each channel is a
 * documented momentum proxy from the token's own closes, faster channels reacting to shorter
 * horizons:
 *   POLARITY_TWITTER  = tanh(10 * ln(C_t / C_{t-3}))
 *   POLARITY_TELEGRAM = tanh(7 * ln(C_t / C_{t-7}))
 *   POLARITY_REDDIT   = tanh(5 * ln(C_t / C_{t-14}))
 *   POLARITY_INDEX    = mean of the three channels
 *   SENTIMENT_INDEX   = 50 * (1 + POLARITY_INDEX)      (0 = all negative, 100 = all positive)
 * Defined from day 14 of the history on.
 */
import type { SandboxMarket } from './market.js';
import { valueAt } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

/** First history index with sentiment (the Reddit proxy looks 14 days back). */
export const SENTIMENT_FIRST_INDEX = 14;

export interface SentimentValues {
  POLARITY_INDEX: number;
  POLARITY_TWITTER: number;
  POLARITY_REDDIT: number;
  POLARITY_TELEGRAM: number;
  SENTIMENT_INDEX: number;
}

/** Sentiment of a token on history index `t` (at least SENTIMENT_FIRST_INDEX). */
export function sentimentOn(market: SandboxMarket, token: TokenInfo, t: number): SentimentValues {
  const closes = market.history(token).close;
  const momentum = (lag: number, gain: number) => Math.tanh(gain * Math.log(valueAt(closes, t) / valueAt(closes, t - lag)));
  const twitter = momentum(3, 10);
  const telegram = momentum(7, 7);
  const reddit = momentum(14, 5);
  const polarity = (twitter + telegram + reddit) / 3;
  return {
    POLARITY_INDEX: polarity,
    POLARITY_TWITTER: twitter,
    POLARITY_REDDIT: reddit,
    POLARITY_TELEGRAM: telegram,
    SENTIMENT_INDEX: 50 * (1 + polarity),
  };
}
