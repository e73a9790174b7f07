/**
 * The published contract: the schema as the gateway serves it, printed with its types and
 * fields sorted, so a change to an OpenAPI document or a module shows up as a reviewable diff.
 */
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { annotateFieldScopes } from '../callers/field-scopes.js';

/**
 * `schema` with `@defer` and `@stream`, which the server adds when it serves it
 * (@graphql-yoga/plugin-defer-stream): a client's tooling that validates its documents against
 * the published file (codegen, an IDE, a gateway composing this graph) accepts the operations the
 * gateway accepts.
 */
function withIncrementalDelivery(schema: GraphQLSchema): GraphQLSchema {
  const missing = [GraphQLDeferDirective, GraphQLStreamDirective].filter((directive) => !schema.getDirective(directive.name));
  if (missing.length === 0) return schema;
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, directives: [...config.directives, ...missing] });
}

/** Where the contract is published, relative to the repository root. */
export const PUBLISHED_SCHEMA_PATH = 'schema/gateway.graphql';

/** The SDL the gateway publishes for `schema` (what `npm run generate` writes to schema/gateway.graphql). */
export function printPublishedSchema(schema: GraphQLSchema): string {
  const sorted = lexicographicSortSchema(withIncrementalDelivery(schema));
  // printSchema prints no directive uses; the scopes are part of the contract, so they are added.
  return annotateFieldScopes(printSchema(sorted), sorted);
}
