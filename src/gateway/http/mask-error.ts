/**
 * The error catalogue applied to every error the gateway returns: an error with a catalogued
 * code keeps its message, only the documented extensions and the HTTP status Yoga chose for it;
 * a client's mistake that Yoga coded in its own words gets the catalogue's code for its status;
 * anything else becomes INTERNAL_SERVER_ERROR with the detail logged (with its stack), never
 * returned (it might hold a URL, a key or a stack).
 */
import { GraphQLError } from 'graphql';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import type { Logger } from '../logger.js';

const PUBLIC_EXTENSIONS = ['upstream', 'status', 'upstreamCode', 'retryable', 'argument', 'variable'] as const;

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

/**
 * An error's extensions; graphql-jit's errors (GRAPHQL_JIT) leave them undefined when the
 * original error had none, whatever GraphQLError's type says.
 */
export function extensionsOf(error: GraphQLError): Readonly<Record<string, unknown>> {
  const extensions: Readonly<Record<string, unknown>> | undefined = error.extensions;
  return extensions ?? {};
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

/** Whether an error is one the catalogue can name, rather than a failure of the gateway itself. */
export function isClientFacing(error: unknown): boolean {
  const inner = innermostGraphQLError(error);
  if (!inner || (inner.originalError && !(inner.originalError instanceof GraphQLError))) return false;
  return codeOf(inner) !== undefined && extensionsOf(inner).unexpected !== true;
}

/**
 * Returns the catalogued form of any error; an unexpected one is logged at error level with its
 * stack and the id of the request it broke.
 */
export function maskError(error: unknown, logger: Logger, requestId?: string): GraphQLError {
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
