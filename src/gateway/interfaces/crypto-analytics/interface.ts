/** Interface A, the crypto analytics vendor: a key in `api_key`, failures as `{ message }`. */
import { defineInterface } from '../interface-definition.js';
import { fallbackMessage, field, parseJson } from '../../upstream/vendor-profile.js';

export const cryptoAnalyticsInterface = defineInterface({
  name: 'crypto-analytics',
  variables: { url: 'CRYPTO_API_URL', key: 'CRYPTO_API_KEY', dailyQuota: 'DAILY_QUOTA_CRYPTO' },
  sandbox: 'crypto-analytics',
  meshSource: new URL('./mesh-source.yml', import.meta.url),
  vendor: {
    document: new URL('../../../../schema/crypto-analytics.yaml', import.meta.url),
    clientHeaders: { key: 'x-crypto-api-key' },
    authHeaders: ({ key }): Record<string, string> => (key ? { api_key: key } : {}),
    describeFailure: (status, body) => {
      const message = field(parseJson(body), 'message');
      return { message: typeof message === 'string' ? message : fallbackMessage(status, body) };
    },
    // The cheapest documented GET: one token of the list.
    probePath: () => '/v1/tokens?limit=1',
  },
  // Every record of A is one token's row (wire.ts), whatever its GraphQL type.
  resolverTypes: {
    module: new URL('./wire.js', import.meta.url),
    mappers: Object.fromEntries(
      [
        'Token',
        'TokenDailyPrice',
        'InvestorGrade',
        'TraderGrade',
        'Sentiment',
        'QuantMetricsTier1',
        'ResistanceSupportLevel',
        'PricePrediction',
        'TokenCorrelation',
      ].map((type) => [type, 'TokenRecordWire']),
    ),
  },
  liveFeeds: [
    { name: 'prices', intervalMs: 10_000, follows: 'a `tokenPrices` key' },
    { name: 'market', intervalMs: 60_000, follows: '`marketIndicator`' },
  ],
  graph: async () => (await import('./index.js')).cryptoAnalyticsModule,
});
