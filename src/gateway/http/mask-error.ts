/**
 * The error catalogue applied to every error the gateway returns: an error with a catalogued
 * code keeps its message, only the documented extensions and the HTTP status Yoga chose for it;
 * a client's mistake that Yoga coded in its own words gets the catalogue's code for its status;
 * a value GraphQL could not complete (an upstream's 2xx body that does not fit the field's type)
 * is UPSTREAM_ERROR naming the interface; anything else becomes INTERNAL_SERVER_ERROR with the
 * detail logged (with its stack), never returned (it might hold a URL, a key or a stack).
 */
import { GraphQLError } from 'graphql';
import type { UpstreamName } from '../config.js';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import type { Logger } from '../logger.js';
import { extensionsOf } from '../shared/error-codes.js';
import { meshSourceUpstream } from '../upstream/mesh-endpoints.js';

const PUBLIC_EXTENSIONS = ['upstream', 'status', 'upstreamCode', 'retryable', 'argument', 'variable', 'limit'] as const;

/**
 * What graphql-js says (as a plain Error) when a resolved value does not fit the field's type;
 * graphql-jit and the scalars' own serialisers say it as a GraphQLError without a code.
 */
const COMPLETION_MESSAGES = [
  /^Cannot return null for non-nullable field /,
  /^Expected Iterable, but did not find one for field /,
  /^Abstract type "?[_A-Za-z]/,
  /^Runtime Object type "?[_A-Za-z]/,
];

/** How much of a completion error's message reaches the client: the value it quotes can be megabytes. */
const MAX_COMPLETION_MESSAGE = 300;

/** Which interface a path's value came from, as the catalogue plugin works it out for one request. */
export type UpstreamAtPath = (path: readonly (string | number)[]) => UpstreamName | undefined;

/** The codes Yoga's request checks use, by the HTTP status they carry. */
const CODES_BY_HTTP_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'REQUEST_TOO_LARGE',
};

/**
 * The errors for which the spec lets a legacy application/json client get 200: the request was
 * well-formed GraphQL over HTTP, only the document or its variables were wrong. Anything else
 * keeps its 4xx for every client.
 */
const LEGACY_200_CODES: ReadonlySet<ErrorCode> = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/** What Yoga reads to choose the response's status and headers (it strips it from the body). */
interface HttpExtension {
  status?: number;
  spec?: boolean;
  headers?: Record<string, string>;
}

function isCatalogued(code: unknown): code is ErrorCode {
  return typeof code === 'string' && code in ERROR_CODES;
}

function httpOf(error: GraphQLError): HttpExtension | undefined {
  const http: unknown = extensionsOf(error).http;
  return typeof http === 'object' && http !== null ? http : undefined;
}

function innermostGraphQLError(error: unknown): GraphQLError | undefined {
  let current = error;
  let found: GraphQLError | undefined;
  while (current instanceof GraphQLError) {
    found = current;
    current = current.originalError;
  }
  return found;
}

/**
 * Whether `error` is a resolved value that did not fit its field's type. Every value this gateway
 * resolves comes from an upstream body, so such a value is the upstream's mistake. The original
 * error decides: none (graphql-jit), a GraphQLError of a scalar's serialiser, or graphql-js's
 * plain Error for a null or a non-list. A resolver's own TypeError is not one: it stays unexpected.
 */
function isCompletionFailure(error: unknown): error is GraphQLError {
  if (!(error instanceof GraphQLError) || error.path === undefined) return false;
  const inner = innermostGraphQLError(error);
  if (!inner || extensionsOf(error).code !== undefined) return false;
  // Mesh's own reports of a body it could not read name their source; codeOf handles those.
  const { code, subgraph, response } = extensionsOf(inner);
  if (code !== undefined || subgraph !== undefined || response !== undefined) return false;
  const original = inner.originalError;
  return original === undefined || COMPLETION_MESSAGES.some((pattern) => pattern.test(original.message));
}

function codeOf(error: GraphQLError): ErrorCode | undefined {
  const { code, subgraph, response } = extensionsOf(error);
  const status = httpOf(error)?.status;
  // Yoga calls a wrong method or an oversized body BAD_REQUEST too; the status says which it is.
  const byStatus = status === undefined ? undefined : CODES_BY_HTTP_STATUS[status];
  if (byStatus && (code === undefined || code === 'BAD_REQUEST' || !isCatalogued(code))) return byStatus;
  if (isCatalogued(code) && code !== 'INTERNAL_SERVER_ERROR') return code;
  // Mesh reports a 2xx answer it could not read with no code, naming the source or the response.
  if (code === undefined && (subgraph !== undefined || response !== undefined)) return 'UPSTREAM_ERROR';
  return undefined;
}

/** The interface behind an error Mesh raised naming only its source (`extensions.subgraph`). */
function upstreamOfMeshError(error: GraphQLError): UpstreamName | undefined {
  const { subgraph } = extensionsOf(error);
  return typeof subgraph === 'string' ? meshSourceUpstream(subgraph) : undefined;
}

/** Whether an error is one the catalogue can name, rather than a failure of the gateway itself. */
export function isClientFacing(error: unknown): boolean {
  const inner = innermostGraphQLError(error);
  if (!inner || (inner.originalError && !(inner.originalError instanceof GraphQLError))) return false;
  return codeOf(inner) !== undefined && extensionsOf(inner).unexpected !== true;
}

/** The UPSTREAM_ERROR for a value that did not fit, logged at warn: the upstream broke its contract, not the gateway. */
function completionError(error: GraphQLError, logger: Logger, requestId: string | undefined, upstreamAt?: UpstreamAtPath): GraphQLError {
  const upstream = error.path && upstreamAt?.(error.path);
  const detail = (error.originalError ?? error).message;
  const shown = detail.length > MAX_COMPLETION_MESSAGE ? `${detail.slice(0, MAX_COMPLETION_MESSAGE)}…` : detail;
  logger.warn({ requestId, upstream, path: error.path, detail: shown }, 'upstream answer does not fit the schema');
  return new GraphQLError(`${upstream ?? 'An upstream'} answered with a value that does not fit the schema: ${shown}`, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: 'UPSTREAM_ERROR', ...(upstream ? { upstream } : {}), retryable: false },
  });
}

/**
 * Returns the catalogued form of any error; an unexpected one is logged at error level with its
 * stack and the id of the request it broke. `upstreamAt` names the interface behind a value that
 * did not fit, and behind Mesh's errors that name only their source.
 */
export function maskError(error: unknown, logger: Logger, requestId?: string, upstreamAt?: UpstreamAtPath): GraphQLError {
  if (isCompletionFailure(error)) return completionError(error, logger, requestId, upstreamAt);
  const outer = error instanceof GraphQLError ? error : undefined;
  const inner = innermostGraphQLError(error);
  const code = inner && isClientFacing(error) ? codeOf(inner) : undefined;
  if (!inner || !code) {
    const cause = outer?.originalError ?? error;
    logger.error({ requestId, err: cause, path: outer?.path }, 'unexpected error');
    return new GraphQLError('Unexpected error.', {
      nodes: outer?.nodes,
      path: outer?.path,
      // "unexpected" tells Yoga to answer 500 when there is no data at all; it never reaches the client.
      extensions: { code: 'INTERNAL_SERVER_ERROR', unexpected: true },
    });
  }
  const extensions: Record<string, unknown> = { code };
  for (const name of PUBLIC_EXTENSIONS) {
    const value = extensionsOf(inner)[name];
    if (value !== undefined) extensions[name] = value;
  }
  if (code === 'UPSTREAM_ERROR' && extensions.upstream === undefined) {
    const upstream = upstreamOfMeshError(inner) ?? (outer?.path && upstreamAt?.(outer.path));
    if (upstream) extensions.upstream = upstream;
  }
  const http = httpOf(inner) ?? (outer && httpOf(outer));
  if (http) extensions.http = { ...http, spec: LEGACY_200_CODES.has(code) && http.spec === true };
  return new GraphQLError(inner.message, {
    nodes: outer?.nodes ?? inner.nodes,
    source: outer?.source ?? inner.source,
    positions: outer?.positions ?? inner.positions,
    path: outer?.path ?? inner.path,
    extensions,
  });
}
