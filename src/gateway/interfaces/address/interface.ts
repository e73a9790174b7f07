/** Interface C, Ideal Postcodes: key and user token in one `IDEALPOSTCODES` authorization header. */
import { defineInterface } from '../interface-definition.js';
import { fallbackMessage, field, parseJson } from '../../upstream/vendor-profile.js';
import { isPaidLookup } from './paid-lookups.js';
import { ADDRESS_TEXT_SCALARS } from './text-scalars.js';

export const addressInterface = defineInterface({
  name: 'address',
  variables: { url: 'ADDRESS_API_URL', key: 'ADDRESS_API_KEY', userToken: 'ADDRESS_USER_TOKEN', dailyQuota: 'DAILY_QUOTA_ADDRESS' },
  sandbox: 'address',
  meshSource: new URL('./mesh-source.yml', import.meta.url),
  vendor: {
    document: new URL('../../../../schema/address.yaml', import.meta.url),
    clientHeaders: { key: 'x-address-api-key', userToken: 'x-address-user-token' },
    authHeaders: ({ key, userToken }): Record<string, string> => {
      const parts = [key ? `api_key="${key}"` : '', userToken ? `user_token="${userToken}"` : ''].filter(Boolean);
      return parts.length > 0 ? { authorization: `IDEALPOSTCODES ${parts.join(' ')}` } : {};
    },
    describeFailure: (status, body) => {
      const parsed = parseJson(body);
      const message = field(parsed, 'message');
      const code = field(parsed, 'code');
      return {
        message: typeof message === 'string' ? message : fallbackMessage(status, body),
        ...(typeof code === 'number' || typeof code === 'string' ? { upstreamCode: code } : {}),
      };
    },
    // Ideal Postcodes answers 503 when a caller passes its per-second limit.
    statusCodes: { 503: 'RATE_LIMITED' },
    quota: { unit: 'paid lookup', charges: isPaidLookup },
    // The key check and the key's administration name the key in the path (`/keys/{key}`).
    redactPath: (pathname) => pathname.replace(/\/keys\/[^/]+/g, '/keys/[redacted]'),
    // The key check, which the vendor documents as free of lookups.
    probePath: ({ key }) => `/keys/${encodeURIComponent(key ?? 'none')}`,
  },
  // Every address-like record of C has one wire shape (wire.ts).
  resolverTypes: {
    module: new URL('./wire.js', import.meta.url),
    mappers: Object.fromEntries(
      ['UkAddress', 'UsAddress', 'Place', 'PlaceSuggestion', 'KeyContext'].map((type) => [type, 'AddressRecordWire']),
    ),
    // Its text scalars, and the postcodes the gateway checks itself (postcode-scalar.ts).
    scalars: { ...Object.fromEntries(ADDRESS_TEXT_SCALARS.map((name) => [name, 'string'])), UkPostcode: 'string' },
  },
  graph: async () => (await import('./index.js')).addressModule,
});
