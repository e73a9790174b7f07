/**
 * Which of Ideal Postcodes' operations are paid lookups: only those that return full addresses
 * (schema/address.yaml): postcode, UDPRN and UMPRN lookups, address search, the resolution of a
 * suggestion (`/autocomplete/addresses/{id}/gbr|usa`; the suggestions themselves are free) and
 * cleanse. Key checks and key administration, suggestions, places, e-mail and phone validation
 * cost no lookup, so a caller's daily quota here counts paid lookups (callers/quota-units.ts).
 */

/** The paid operations, by method and path below the base URL (a template's `{name}` is one segment too). */
const PAID_CALLS: readonly { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/postcodes\/[^/]+$/ },
  { method: 'GET', path: /^\/udprn\/[^/]+$/ },
  { method: 'GET', path: /^\/umprn\/[^/]+$/ },
  { method: 'GET', path: /^\/addresses$/ },
  { method: 'GET', path: /^\/autocomplete\/addresses\/[^/]+\/(?:gbr|usa)$/ },
  { method: 'POST', path: /^\/cleanse\/addresses$/ },
];

/** Whether a call is a paid lookup; `method` is upper case, `path` below the base URL without the query. */
export function isPaidLookup(method: string, path: string): boolean {
  return PAID_CALLS.some((call) => call.method === method && call.path.test(path));
}
