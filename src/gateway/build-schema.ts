/**
 * The public schema: Mesh's four source schemas merged with the hand-written type definitions
 * (schema/gateway/*.graphql) and resolvers, envelopes unwrapped, unreachable types pruned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeSchemas } from '@graphql-tools/schema';
import { pruneSchema } from '@graphql-tools/utils';
import { GraphQLSchema, specifiedDirectives } from 'graphql';
import { argumentScalars, envelopes, resolvers } from '../resolvers/index.js';
import { applyArgumentScalars } from './argument-scalars.js';
import { DOMAIN_SCALARS } from './domain-scalars.js';
import { loadMeshSources } from './mesh-sources.js';
import { unwrapEnvelopes } from './unwrap-envelopes.js';

export interface GatewaySchema {
  schema: GraphQLSchema;
  destroy(): void;
}

function gatewayTypeDefs(root: string): string[] {
  const folder = join(root, 'schema', 'gateway');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(folder, file), 'utf8'));
}

/** Builds the gateway schema from the repository at `root`. */
export async function buildGatewaySchema(root: string): Promise<GatewaySchema> {
  const sources = await loadMeshSources(root);
  const merged = mergeSchemas({
    schemas: sources.schemas,
    typeDefs: gatewayTypeDefs(root),
    resolvers: [DOMAIN_SCALARS, ...resolvers],
  });
  const unwrapped = applyArgumentScalars(unwrapEnvelopes(merged, envelopes), argumentScalars);
  // Mesh's execution directives (@httpOperation, @transport...) were consumed when the resolvers
  // were made; published, they would show platform teams the vendors' paths and Mesh internals.
  const published = new GraphQLSchema({ ...unwrapped.toConfig(), directives: specifiedDirectives });
  return { schema: pruneSchema(published), destroy: sources.destroy };
}
