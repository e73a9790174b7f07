/** The interface each Subscription field follows (metrics label their events with it). */
import type { UpstreamName } from '../../config.js';

export const LIVE_FIELD_INTERFACES: Readonly<Record<string, UpstreamName>> = {
  tokenPrices: 'crypto-analytics',
  marketIndicator: 'crypto-analytics',
  stablecoinState: 'blockchain-utility',
  exchangeRate: 'country-data',
  currencyRates: 'country-data',
};
