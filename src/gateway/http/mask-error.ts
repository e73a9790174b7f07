/**
 * Yoga's error mask, made to enforce the catalogue: an error with a catalogued code keeps its
 * message and only the documented extensions; anything else becomes INTERNAL_SERVER_ERROR with
 * the detail logged, never returned (it might hold a URL, a key or a stack).
 */
import { GraphQLError } from 'graphql';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

const PUBLIC_EXTENSIONS = ['code', 'upstream', 'status', 'upstreamCode', 'retryable', 'argument'] as const;

function isCatalogued(code: unknown): code is ErrorCode {
  return typeof code === 'string' && code in ERROR_CODES;
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
  const code = error.extensions.code;
  // Mesh reports a 2xx answer it could not read with the source name but no code.
  if (code === undefined && error.extensions.subgraph !== undefined) return 'UPSTREAM_ERROR';
  return isCatalogued(code) ? code : undefined;
}

/** Passed to Yoga as `maskedErrors.maskError`. */
export function maskError(error: unknown, _defaultMessage: string): GraphQLError {
  const outer = error instanceof GraphQLError ? error : undefined;
  const inner = innermostGraphQLError(error);
  const code = inner ? codeOf(inner) : undefined;
  if (!inner || !code || (inner.originalError && !(inner.originalError instanceof GraphQLError))) {
    console.error('[gateway] unexpected error:', outer?.originalError ?? error);
    return new GraphQLError('Unexpected error.', {
      nodes: outer?.nodes,
      path: outer?.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  }
  const extensions: Record<string, unknown> = { code };
  for (const name of PUBLIC_EXTENSIONS) {
    if (name !== 'code' && inner.extensions[name] !== undefined) extensions[name] = inner.extensions[name];
  }
  return new GraphQLError(inner.message, { nodes: outer?.nodes ?? inner.nodes, path: outer?.path ?? inner.path, extensions });
}
