/**
 * The RateLimit-Policy and RateLimit response fields of draft-ietf-httpapi-ratelimit-headers-10
 * (September 2025), in the Structured Fields form the draft has used since -08: each policy is a
 * quoted name with parameters, `"default";q=60;w=60` (quota q per window w seconds), and its
 * state `"default";r=42;t=17` (r left, the count restarts in t seconds). Several policies are
 * one list, comma-separated; a list may also be split over several field lines, which is how a
 * daily quota's refusal adds its policy beside the per-minute one.
 */

/** One limit as a client sees it. `name` is a plain token (letters, digits, `-`), safe inside an sf-string. */
export interface LimitPolicy {
  name: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/** The policy's member of RateLimit-Policy. */
export function policyItem(policy: LimitPolicy): string {
  return `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`;
}

/** The policy's member of RateLimit. */
export function stateItem(policy: LimitPolicy): string {
  return `"${policy.name}";r=${Math.max(0, policy.remaining)};t=${Math.max(0, policy.resetSeconds)}`;
}

/** The two fields for `policy`, plus Retry-After when the request was refused by it. */
export function limitHeaders(policy: LimitPolicy, refused: boolean): Record<string, string> {
  return {
    'RateLimit-Policy': policyItem(policy),
    RateLimit: stateItem(policy),
    ...(refused ? { 'Retry-After': String(Math.max(1, policy.resetSeconds)) } : {}),
  };
}
