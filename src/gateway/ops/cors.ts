/**
 * CORS by allow-list. Yoga's default reflects any origin with credentials, which lets any web
 * page read answers with the visitor's cookies; here only listed origins (and the gateway's own)
 * get CORS headers, and a page from anywhere else gets none, so the browser withholds the answer.
 */
import type { CORSOptions, Plugin } from 'graphql-yoga';
import { REQUEST_ID_HEADER } from '../shared/request-id-header.js';

/** Local tools (GraphiQL elsewhere, a dev server) on any port, when CORS_ORIGINS is unset. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

function matches(pattern: string, origin: string): boolean {
  if (!pattern.endsWith(':*')) return pattern.toLowerCase() === origin.toLowerCase();
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return `${url.protocol}//${url.hostname}`.toLowerCase() === pattern.slice(0, -2).toLowerCase();
}

/** The answer headers a browser page may read: the request id, so a frontend can quote it in a bug report. */
export const CORS_EXPOSED_HEADERS: readonly string[] = [REQUEST_ID_HEADER];

/** Whether a browser page from `origin` may read the gateway's answers to `requestUrl`. */
export function isAllowedOrigin(allowList: readonly string[], origin: string, requestUrl: string): boolean {
  return origin === new URL(requestUrl).origin || allowList.some((pattern) => matches(pattern, origin));
}

/** Yoga's `cors` option: CORS headers for allowed origins only (`allowList` from CORS_ORIGINS). */
export function corsPolicy(allowList: readonly string[] = DEFAULT_CORS_ORIGINS): (request: Request) => CORSOptions | false {
  return (request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !isAllowedOrigin(allowList, origin, request.url)) return false;
    return { origin, credentials: true, exposedHeaders: [...CORS_EXPOSED_HEADERS] };
  };
}

/**
 * The answer depends on the Origin header, so shared caches must key on it; Yoga adds `Vary`
 * only when it reflects from a list of several origins, not for the single one `corsPolicy` names.
 */
export function useVaryOnOrigin(): Plugin {
  return {
    onResponse({ request, response }) {
      if (request.headers.has('origin')) response.headers.append('vary', 'Origin');
    },
  };
}
