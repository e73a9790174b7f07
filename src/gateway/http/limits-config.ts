/**
 * The operation limits, read from the environment (see docs/production-and-security.md, Operation
 * limits, for why each default is what it is). Every limit is checked before any upstream call; the fan-out budget is also
 * enforced while the operation runs.
 */
export interface OperationLimits {
  /** Bytes of the query text (GET parameter or POST field). */
  maxQueryBytes: number;
  /** Bytes of a POST body, variables included. */
  maxRequestBytes: number;
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  /** How deep a `__schema`/`__type` selection may nest (graphql-js's introspection query, which GraphiQL sends, needs 14). */
  maxIntrospectionDepth: number;
  /** Distinct upstream calls (method + URL) one query may cause. */
  maxUpstreamCalls: number;
  /** The same for a mutation, lower because its calls change state (and may cost money). */
  maxUpstreamCallsMutation: number;
}

export const DEFAULT_LIMITS: OperationLimits = {
  maxQueryBytes: 20_000,
  maxRequestBytes: 100_000,
  maxTokens: 2_000,
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 20,
  maxIntrospectionDepth: 16,
  maxUpstreamCalls: 50,
  maxUpstreamCallsMutation: 10,
};

const VARIABLES: Record<keyof OperationLimits, string> = {
  maxQueryBytes: 'MAX_QUERY_BYTES',
  maxRequestBytes: 'MAX_REQUEST_BYTES',
  maxTokens: 'MAX_TOKENS',
  maxDepth: 'MAX_DEPTH',
  maxAliases: 'MAX_ALIASES',
  maxDirectives: 'MAX_DIRECTIVES',
  maxIntrospectionDepth: 'MAX_INTROSPECTION_DEPTH',
  maxUpstreamCalls: 'MAX_UPSTREAM_CALLS',
  maxUpstreamCallsMutation: 'MAX_UPSTREAM_CALLS_MUTATION',
};

/** Reads the limits; throws a TypeError naming the variable when a value is not a positive whole number. */
export function loadLimits(env: Record<string, string | undefined>): OperationLimits {
  const limits = { ...DEFAULT_LIMITS };
  // Object.keys widens to string[]; VARIABLES has exactly the keys of OperationLimits.
  for (const key of Object.keys(VARIABLES) as (keyof OperationLimits)[]) {
    const raw = env[VARIABLES[key]]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${VARIABLES[key]} must be a whole number of at least 1, got "${raw}"`);
    limits[key] = value;
  }
  return limits;
}
