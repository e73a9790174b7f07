/**
 * What differs between the four vendors on the wire: how a key travels, which request header
 * lets a client bring its own key, and how each phrases a failure.
 */
import type { UpstreamName } from '../config.js';
import { quoteUnsafeIntegers } from './lossless-json.js';

export interface Credentials {
  key?: string | undefined;
  userToken?: string | undefined;
}

export interface FailureDetail {
  message: string;
  upstreamCode?: string | number;
}

export interface VendorProfile {
  /** Request headers a client may send to use its own credentials for this upstream. */
  clientHeaders: { key?: string; userToken?: string };
  /** Headers that carry the credentials to the vendor. */
  authHeaders(credentials: Credentials): Record<string, string>;
  /** Reads the vendor's error body (already known not to be a success). */
  describeFailure(status: number, body: string): FailureDetail;
  /** Paths whose answers change slowly enough to be cached across requests. */
  slowlyChanging?: RegExp;
  /** Rewrites a success body before any resolver parses it (e.g. to keep int64 values exact). */
  rewriteBody?(body: string): string;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && name in value ? Reflect.get(value, name) : undefined;
}

function fallbackMessage(status: number, body: string): string {
  const text = body.trim();
  return text && text.length <= 500 && !text.startsWith('<') ? text : `HTTP ${status}`;
}

export const VENDORS: Record<UpstreamName, VendorProfile> = {
  'crypto-analytics': {
    clientHeaders: { key: 'x-crypto-api-key' },
    authHeaders: ({ key }): Record<string, string> => (key ? { api_key: key } : {}),
    describeFailure: (status, body) => {
      const message = field(parseJson(body), 'message');
      return { message: typeof message === 'string' ? message : fallbackMessage(status, body) };
    },
  },
  'blockchain-utility': {
    clientHeaders: {},
    authHeaders: () => ({}),
    // TokenJay answers failures with a plain-text body.
    describeFailure: (status, body) => ({ message: fallbackMessage(status, body) }),
    // nanoERG and raw token amounts are int64; keep the ones beyond 2^53 exact (see lossless-json.ts).
    rewriteBody: quoteUnsafeIntegers,
  },
  address: {
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
  },
  'country-data': {
    clientHeaders: { key: 'x-country-api-key' },
    slowlyChanging: /^\/(countries\/v5|currencies\/v1\/(symbols|rates))(\/|$)/,
    authHeaders: ({ key }): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {}),
    describeFailure: (status, body) => {
      const errors = field(parseJson(body), 'errors');
      const first = Array.isArray(errors) ? field(errors[0], 'message') : undefined;
      return { message: typeof first === 'string' ? first : fallbackMessage(status, body) };
    },
  },
};
