/**
 * What one upstream call costs against a caller's daily quota, in the vendor's own unit: one
 * call at A, B and D; at C (Ideal Postcodes) one *paid lookup*, and C charges only for the
 * operations that return full addresses (schema/address.yaml): postcode, UDPRN and UMPRN lookups,
 * address search, the resolution of a suggestion (`/autocomplete/addresses/{id}/gbr|usa`; the
 * suggestions themselves are free) and cleanse. Key checks and key administration, suggestions,
 * places, e-mail and phone validation cost no lookup, so they spend nothing.
 */
import type { UpstreamName } from '../config.js';

/** C's paid operations, by method and path below the base URL (a template's `{name}` is one segment too). */
const PAID_ADDRESS_CALLS: readonly { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/postcodes\/[^/]+$/ },
  { method: 'GET', path: /^\/udprn\/[^/]+$/ },
  { method: 'GET', path: /^\/umprn\/[^/]+$/ },
  { method: 'GET', path: /^\/addresses$/ },
  { method: 'GET', path: /^\/autocomplete\/addresses\/[^/]+\/(?:gbr|usa)$/ },
  { method: 'POST', path: /^\/cleanse\/addresses$/ },
];

/** Whether a call to C is a paid lookup; `path` is below C's base URL, without the query. */
export function isPaidLookup(upstream: UpstreamName, method: string, path: string): boolean {
  if (upstream !== 'address') return false;
  const upper = method.toUpperCase();
  return PAID_ADDRESS_CALLS.some((call) => call.method === upper && call.path.test(path));
}

/** The quota units one call spends: 1, except 0 for C's free operations. */
export function quotaUnits(upstream: UpstreamName, method: string, path: string): number {
  return upstream !== 'address' || isPaidLookup(upstream, method, path) ? 1 : 0;
}

/** The path of `url` below `baseUrl` (the upstream's configured base, which may have a path of its own, such as `/v1`). */
export function pathBelow(baseUrl: string, url: string): string {
  const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const { pathname } = new URL(url);
  return pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}
