/** Interface A's hand-written additions: every root field unwraps the vendor's envelope. */
import type { GraphModule } from '../../schema/graph-module.js';

/** Every root field of A answers the records inside the vendor's `{success, message, length, data}`. */
const cryptoAnalyticsEnvelopes = Object.fromEntries(
  [
    'tokens',
    'tokenPrices',
    'investorGrades',
    'traderGrades',
    'marketIndicator',
    'tradingIndicators',
    'resistanceSupport',
    'pricePredictions',
    'sentiments',
    'quantMetricsTier1',
    'quantMetricsTier2',
    'scenarioAnalysis',
    'correlations',
    'indices',
  ].map((field) => [field, ['data'] as const]),
);

export const cryptoAnalyticsModule: GraphModule = { typeDefs: [], envelopes: cryptoAnalyticsEnvelopes };
