/** The records live fields hand to the generated field resolvers, as the vendors send them. */

/** A's whole-market record of one day (schema/crypto-analytics.yaml, MarketIndicator). */
export interface MarketIndicatorWire {
  DATE: string;
  EPOCH: number;
  TOTAL_CRYPTO_MCAP: number;
  TM_GRADE_PERC_HIGH_COINS: number;
  TM_GRADE_SIGNAL: number;
  LAST_TM_GRADE_SIGNAL: number;
}
