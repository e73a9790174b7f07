/** Interface A's hand-written additions: every root field unwraps the vendor's envelope; records' days are `Date`. */
import type { GraphModule } from '../../schema/graph-module.js';
import type { EnvelopeTable } from '../../schema/unwrap-envelopes.js';
import { dayFields } from '../../schema/day-fields.js';

/** A's root fields, one per operation of the document. */
export const CRYPTO_ANALYTICS_ROOT_FIELDS: readonly string[] = [
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
];

/** Every root field of A answers the records inside the vendor's `{success, message, length, data}`. */
const cryptoAnalyticsEnvelopes: EnvelopeTable = Object.fromEntries(CRYPTO_ANALYTICS_ROOT_FIELDS.map((field) => [field, ['data']]));

/** A's records whose `date` is the start of the UTC day they describe. */
const DAY_RECORDS: ReadonlySet<string> = new Set([
  'TokenDailyPrice',
  'InvestorGrade',
  'TraderGrade',
  'MarketIndicator',
  'TradingIndicator',
  'ResistanceSupportLevel',
  'PricePrediction',
  'Sentiment',
  'QuantMetricsTier1',
  'QuantMetricsTier2',
  'ScenarioPrediction',
  'TokenCorrelation',
  'IndexConstituent',
]);

export const cryptoAnalyticsModule: GraphModule = {
  typeDefs: [],
  envelopes: cryptoAnalyticsEnvelopes,
  transformSchema: (schema) => dayFields(schema, DAY_RECORDS),
  // A sells its data: every root field spends the vendor's allowance.
  access: { paid: CRYPTO_ANALYTICS_ROOT_FIELDS.map((field) => `Query.${field}`) },
};
