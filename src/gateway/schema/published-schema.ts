/**
 * The published contract: the schema as the gateway serves it, printed with its types and
 * fields sorted, so a change to an OpenAPI document or a module shows up as a reviewable diff.
 */
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { annotateFieldScopes } from '../callers/field-scopes.js';

/** Where the contract is published, relative to the repository root. */
export const PUBLISHED_SCHEMA_PATH = 'schema/gateway.graphql';

/** The SDL the gateway publishes for `schema` (what `npm run generate` writes to schema/gateway.graphql). */
export function printPublishedSchema(schema: GraphQLSchema): string {
  const sorted = lexicographicSortSchema(schema);
  // printSchema prints no directive uses; the scopes are part of the contract, so they are added.
  return annotateFieldScopes(printSchema(sorted), sorted);
}
