/** Interface B, TokenJay's Ergo utility API: no key, failures in plain text, int64 amounts. */
import { defineInterface } from '../interface-definition.js';
import { quoteUnsafeIntegers } from '../../upstream/lossless-json.js';
import { fallbackMessage } from '../../upstream/vendor-profile.js';

export const blockchainUtilityInterface = defineInterface({
  name: 'blockchain-utility',
  variables: { url: 'BLOCKCHAIN_API_URL', dailyQuota: 'DAILY_QUOTA_BLOCKCHAIN' },
  sandbox: 'blockchain-utility',
  meshSource: new URL('./mesh-source.yml', import.meta.url),
  vendor: {
    document: new URL('../../../../schema/blockchain-utility.yaml', import.meta.url),
    clientHeaders: {},
    authHeaders: () => ({}),
    // TokenJay answers failures with a plain-text body.
    describeFailure: (status, body) => ({ message: fallbackMessage(status, body) }),
    // nanoERG and raw token amounts are int64; keep the ones beyond 2^53 exact (see lossless-json.ts).
    rewriteBody: quoteUnsafeIntegers,
    // The cheapest documented GET: one price.
    probePath: () => '/sigusd/price',
  },
  resolverTypes: {
    module: new URL('./wire.js', import.meta.url),
    mappers: {
      StablecoinState: 'StablecoinStateWire',
      StablecoinExchangeQuote: 'StablecoinExchangeQuoteWire',
      ErgoTokenPrice: 'ErgoTokenPriceWire',
      MosaikViewElement: 'MosaikViewElementWire',
    },
    // int64 amounts as decimal strings (resolvers.ts), and the Ergo addresses and ids the gateway checks itself (ergo-scalars.ts).
    scalars: { Long: 'string', ErgoAddress: 'string', ErgoId: 'string' },
  },
  liveFeeds: [{ name: 'stablecoin', intervalMs: 30_000, follows: '`stablecoinState`' }],
  graph: async () => (await import('./index.js')).blockchainUtilityModule,
});
