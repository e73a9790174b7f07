/**
 * The root fields that hand out the schema itself, refused together by the introspection policy
 * (use-introspection-policy.ts) and never run by the fast path unless introspection is open:
 * graphql-js's `__schema` and `__type`, and `_sdl`, the stitching SDL (admin fields included).
 * Federation's `_service` has its own rule: routers send credentials.
 */
export const INTROSPECTION_FIELDS: ReadonlySet<string> = new Set(['__schema', '__type', '_sdl']);
