/**
 * A fifth interface that exists only in tests: a folder like src/gateway/interfaces/<name>/,
 * whose vendor is a tiny HTTP server the test starts on port 0 (toy-interface.test.ts).
 */
import type { UpstreamName } from '../../../../src/gateway/config.js';
import { defineInterface } from '../../../../src/gateway/interfaces/interface-definition.js';
import { fallbackMessage } from '../../../../src/gateway/upstream/vendor-profile.js';

export const toyInterface = defineInterface({
  // UpstreamName is the registry's union (interfaces/registry.ts); a folder outside the registry
  // file is outside it at the type level only, so the name is widened here, once.
  name: 'toy' as UpstreamName,
  variables: { url: 'TOY_API_URL', key: 'TOY_API_KEY', dailyQuota: 'DAILY_QUOTA_TOY' },
  meshSource: new URL('./mesh-source.yml', import.meta.url),
  vendor: {
    document: new URL('./toy.yaml', import.meta.url),
    clientHeaders: { key: 'x-toy-api-key' },
    authHeaders: ({ key }): Record<string, string> => (key ? { 'x-toy-key': key } : {}),
    describeFailure: (status, body) => ({ message: fallbackMessage(status, body) }),
    // A thing changes slowly; its stock does not.
    slowlyChanging: /^\/things\/[^/]+$/,
    probePath: () => '/health',
  },
  resolverTypes: {
    module: new URL('./wire.js', import.meta.url),
    mappers: { ToyThing: 'ToyThingWire', ToyStock: 'ToyStockWire' },
    // Mesh's scalar for the health check's empty answer.
    scalars: { Void: 'null' },
  },
  // Its stock moves: subscribers of one thing share a poll of it every 400 ms (LIVE_INTERVAL_MS_STOCK).
  liveFeeds: [{ name: 'stock', intervalMs: 400, follows: 'a `toyStock` subscription' }],
  graph: async () => (await import('./index.js')).toyModule,
});
