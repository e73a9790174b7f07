/**
 * What one upstream call costs against a caller's daily quota, in the vendor's own unit: one call,
 * unless the vendor's profile declares a `quota` (upstream/vendor-profile.ts) that charges only
 * for some operations, when the others spend nothing (C's paid lookups, as its folder declares them).
 * The profile is handed in by whoever holds it (the upstream client, the caller limits' settings):
 * no table of vendors is kept here.
 */
import type { VendorQuota } from '../upstream/vendor-profile.js';

/** Whether the vendor charges for this call by its profile's `quota`; `path` is below its base URL, without the query. */
export function isPaidLookup(quota: VendorQuota | undefined, method: string, path: string): boolean {
  return quota?.charges(method.toUpperCase(), path) ?? false;
}

/** The quota units one call spends: 1, except 0 for the free operations of a vendor that charges only for some. */
export function quotaUnits(quota: VendorQuota | undefined, method: string, path: string): number {
  return quota === undefined || isPaidLookup(quota, method, path) ? 1 : 0;
}

/** What one unit is called at a vendor counting by `quota`, for messages: `count` of them. */
export function unitName(quota: VendorQuota | undefined, count: number): string {
  const word = quota?.unit ?? 'call';
  return count === 1 ? word : `${word}s`;
}

/** The configured base URLs' paths: a process has one per upstream, and every call asks. */
const basePaths = new Map<string, string>();

/** The path of `url` below `baseUrl` (the upstream's configured base, which may have a path of its own, such as `/v1`). */
export function pathBelow(baseUrl: string, url: string): string {
  let base = basePaths.get(baseUrl);
  if (base === undefined) {
    base = new URL(baseUrl).pathname.replace(/\/+$/, '');
    basePaths.set(baseUrl, base);
  }
  const { pathname } = new URL(url);
  return pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}
