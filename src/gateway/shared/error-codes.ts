/**
 * Reading the `extensions.code`s of a result's errors, for everyone who reports on a result: the
 * request log and metrics (http/), the tracing plugin (ops/tracing), the error masking (http/).
 * Kept below them all, beside errors.ts in spirit, so that none of them imports another for it.
 */
import type { GraphQLError } from 'graphql';

/**
 * An error's extensions; graphql-jit's errors (GRAPHQL_JIT) leave them undefined when the
 * original error had none, whatever GraphQLError's type says.
 */
export function extensionsOf(error: GraphQLError): Readonly<Record<string, unknown>> {
  const extensions: Readonly<Record<string, unknown>> | undefined = error.extensions;
  return extensions ?? {};
}

/** An error's `extensions.code`, or UNKNOWN. */
export const codeOf = (error: GraphQLError): string => String(extensionsOf(error).code ?? 'UNKNOWN');

/** The distinct `extensions.code`s of a result's errors. */
export function codesOf(errors: readonly GraphQLError[]): string[] {
  return [...new Set(errors.map(codeOf))];
}
