/** Builds the gateway's schema: GraphQL Mesh over `.meshrc.yml`, then the hand-written modules. */
import type { GraphQLSchema } from 'graphql';
import { readTypePrefix } from './config.js';
import { applyTypePrefix } from './federation/type-prefix.js';
import { GRAPH_MODULES } from './graph-modules.js';
import { composeSchema } from './schema/compose-schema.js';
import { loadMeshSources } from './schema/mesh-sources.js';

export interface GatewaySchema {
  schema: GraphQLSchema;
  destroy(): void;
}

export interface BuildOptions {
  /** TYPE_PREFIX: prepended to every type's name (see the README); by default read from the environment. */
  typePrefix?: string;
}

/** Builds the gateway schema from the repository at `root` (where `.meshrc.yml` is). */
export async function buildGatewaySchema(root: string, options: BuildOptions = {}): Promise<GatewaySchema> {
  const sources = await loadMeshSources(root);
  const schema = applyTypePrefix(composeSchema(sources.schemas, GRAPH_MODULES), options.typePrefix ?? readTypePrefix(process.env));
  return { schema, destroy: sources.destroy };
}
