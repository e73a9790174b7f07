/**
 * The error catalogue: every error the gateway returns carries one of these stable
 * `extensions.code` values. The README documents each (a test checks that it does).
 */
import { GraphQLError } from 'graphql';
import type { UpstreamName } from './config.js';

export const ERROR_CODES = {
  BAD_USER_INPUT: 'An argument was malformed, or the upstream rejected the input as invalid (HTTP 400).',
  UNAUTHENTICATED:
    "The request's credentials were missing (AUTH_REQUIRED, or a field needs an authenticated caller) or refused, or the upstream refused the key or user token (HTTP 401).",
  PAYMENT_REQUIRED: "The upstream account's balance or daily allowance is used up (HTTP 402).",
  FORBIDDEN:
    'The caller lacks a scope the field needs (@requiresScopes), or the upstream key may not do this or its quota is used up (HTTP 403).',
  NOT_FOUND: 'The upstream has no such resource, or the gateway serves nothing at the request path (GraphQL is at /graphql) (HTTP 404).',
  CONFLICT: "The request conflicts with the upstream's current state (HTTP 409).",
  RATE_LIMITED:
    'The upstream is throttling requests (HTTP 429, or 503 where the vendor uses it for rate limits), or this caller passed its own rate limit (RATE_LIMIT_PER_MINUTE; HTTP 429 with Retry-After).',
  QUOTA_EXCEEDED:
    "This caller's daily quota at a vendor (DAILY_QUOTA_*) is used up, or the operation's estimate would pass it; HTTP 429 with Retry-After when refused before execution, else the field fails. extensions.limit names the vendor, the limit and its reset (midnight UTC).",
  UPSTREAM_ERROR: 'The upstream failed (HTTP 5xx) or answered with something that is not its documented format.',
  UPSTREAM_TIMEOUT: 'The upstream did not answer in time.',
  UPSTREAM_UNAVAILABLE: "The upstream, or the identity provider's keys (AUTH_JWKS_URL), could not be reached (HTTP 503 for the keys).",
  UPSTREAM_RESPONSE_TOO_LARGE: "The upstream's answer was larger than the gateway accepts (UPSTREAM_MAX_BODY_BYTES).",
  UPSTREAM_CIRCUIT_OPEN: 'The upstream has been failing, so the gateway pauses calls to it for a moment; retry shortly.',
  GRAPHQL_PARSE_FAILED: 'The query is not valid GraphQL syntax.',
  GRAPHQL_VALIDATION_FAILED:
    'The query asks for something the schema does not have, or for introspection while INTROSPECTION turns it off (HTTP 400).',
  BAD_REQUEST:
    'The HTTP request is not a GraphQL request: malformed JSON, no query, a batch, a missing parameter, or a POST a cross-site form could send (CSRF prevention) (HTTP 400).',
  METHOD_NOT_ALLOWED: 'The HTTP method cannot carry this request: a mutation over GET, or a method other than GET and POST (HTTP 405).',
  OPERATION_RESOLUTION_FAILURE: 'The document has several operations and operationName does not pick one of them (HTTP 400).',
  NOT_ACCEPTABLE: 'The Accept header asks for no media type the gateway can answer in (HTTP 406).',
  REQUEST_TOO_LARGE: 'The request body is larger than MAX_REQUEST_BYTES (HTTP 413).',
  QUERY_TOO_LARGE: 'The query text is larger than MAX_QUERY_BYTES (HTTP 413).',
  MAX_TOKENS_EXCEEDED: 'The query has more tokens than MAX_TOKENS (HTTP 400).',
  MAX_DEPTH_EXCEEDED: 'The query nests fields deeper than MAX_DEPTH (HTTP 400).',
  MAX_ALIASES_EXCEEDED: 'The operation has more aliases than MAX_ALIASES (HTTP 400).',
  MAX_DIRECTIVES_EXCEEDED: 'The operation has more directives than MAX_DIRECTIVES (HTTP 400).',
  MAX_NESTING_EXCEEDED:
    'The query nests brackets, or the variables or extensions nest arrays and objects, more than 100 deep; refused before parsing (HTTP 400).',
  INTROSPECTION_LIMIT_EXCEEDED:
    'The operation asks for __schema or __type more than once, or nests introspection deeper than MAX_INTROSPECTION_DEPTH (HTTP 400).',
  FAN_OUT_BUDGET_EXCEEDED:
    'The operation would make, or has made, more distinct upstream calls than MAX_UPSTREAM_CALLS (MAX_UPSTREAM_CALLS_MUTATION for mutations); HTTP 400 when refused before execution, else the field fails.',
  PERSISTED_QUERY_NOT_FOUND:
    'The hash in extensions.persistedQuery is not registered (HTTP 404; APQ clients then resend it with the query), or, with PERSISTED_ONLY, not in the documents file (HTTP 400).',
  PERSISTED_QUERY_HASH_MISMATCH: 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it (HTTP 400).',
  PERSISTED_QUERY_ONLY: 'The gateway runs persisted operations only (PERSISTED_ONLY) and the request sent a query text (HTTP 400).',
  LIVE_KEY_LIMIT_EXCEEDED:
    'The subscription would start one more distinct live poll than this gateway process runs (LIVE_MAX_KEYS); retry later or follow a key others already follow.',
  SUBSCRIPTION_LIMIT_EXCEEDED:
    'The connection or the caller already holds as many open subscriptions as allowed (MAX_SUBSCRIPTIONS_PER_CONNECTION, MAX_SUBSCRIPTIONS_PER_CALLER); close one first.',
  INTERNAL_SERVER_ERROR: 'The gateway itself failed; details are logged, not returned.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** What the gateway knows about a failed upstream call; `status` is absent when none answered. */
export interface UpstreamFailure {
  upstream: UpstreamName;
  status?: number;
  /** The vendor's own error code, e.g. Ideal Postcodes' 4040. */
  upstreamCode?: string | number;
  /** The vendor's own message, safe to show (it never contains our key). */
  message: string;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'BAD_USER_INPUT',
  429: 'RATE_LIMITED',
};

/** Which statuses a client may retry unchanged: no answer at all, throttling and server failures (4xx never). */
function isRetryable(status: number | undefined): boolean {
  return status === undefined || status === 429 || (status >= 500 && status <= 504);
}

function codeForStatus(status: number | undefined): ErrorCode {
  if (status === undefined) return 'UPSTREAM_UNAVAILABLE';
  return STATUS_CODES[status] ?? 'UPSTREAM_ERROR';
}

/**
 * The GraphQL error for a failed upstream call: `code`, else the status's usual meaning (a vendor
 * that gives a status another meaning says so in its profile's `statusCodes`, and the caller passes it).
 */
export function upstreamError(failure: UpstreamFailure, code?: ErrorCode): GraphQLError {
  return new GraphQLError(`${failure.upstream}: ${failure.message}`, {
    extensions: {
      code: code ?? codeForStatus(failure.status),
      upstream: failure.upstream,
      ...(failure.status === undefined ? {} : { status: failure.status }),
      ...(failure.upstreamCode === undefined ? {} : { upstreamCode: failure.upstreamCode }),
      retryable: isRetryable(failure.status),
    },
  });
}

/** A bad argument caught before any upstream request, naming the argument and what was expected. */
export function badInput(argument: string, expected: string, received: unknown): GraphQLError {
  return new GraphQLError(`Argument "${argument}" must be ${expected}; received ${JSON.stringify(received)}.`, {
    extensions: { code: 'BAD_USER_INPUT', argument },
  });
}

/** The codes of the operation limits (see `limitError`). */
export type LimitCode =
  | 'REQUEST_TOO_LARGE'
  | 'QUERY_TOO_LARGE'
  | 'MAX_TOKENS_EXCEEDED'
  | 'MAX_DEPTH_EXCEEDED'
  | 'MAX_ALIASES_EXCEEDED'
  | 'MAX_DIRECTIVES_EXCEEDED'
  | 'MAX_NESTING_EXCEEDED'
  | 'INTROSPECTION_LIMIT_EXCEEDED'
  | 'FAN_OUT_BUDGET_EXCEEDED';

/** A request refused by one of the operation limits before execution, saying the limit and what was seen. */
export function limitError(code: LimitCode, message: string, status = 400): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } });
}

/** The codes of the live-data limits (see `liveLimitError`). */
export type LiveLimitCode = 'LIVE_KEY_LIMIT_EXCEEDED' | 'SUBSCRIPTION_LIMIT_EXCEEDED';

/** A subscription refused before its stream opens because a live-data limit is reached; retryable once something closes. */
export function liveLimitError(code: LiveLimitCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, retryable: true } });
}
