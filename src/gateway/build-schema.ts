/** Builds the gateway's schema: GraphQL Mesh over `.meshrc.yml`, then the hand-written modules. */
import type { GraphQLSchema } from 'graphql';
import { GRAPH_MODULES } from './graph-modules.js';
import { composeSchema } from './schema/compose-schema.js';
import { loadMeshSources } from './schema/mesh-sources.js';

export interface GatewaySchema {
  schema: GraphQLSchema;
  destroy(): void;
}

/** Builds the gateway schema from the repository at `root` (where `.meshrc.yml` is). */
export async function buildGatewaySchema(root: string): Promise<GatewaySchema> {
  const sources = await loadMeshSources(root);
  return { schema: composeSchema(sources.schemas, GRAPH_MODULES), destroy: sources.destroy };
}
