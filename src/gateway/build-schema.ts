/** Builds the gateway's schema: the Mesh artefact's sources, then the hand-written modules, then the type prefix. */
import type { GraphQLSchema } from 'graphql';
import { applyTypePrefix } from './federation/type-prefix.js';
import { GRAPH_MODULES } from './graph-modules.js';
import { composeSchema } from './schema/compose-schema.js';
import { loadMeshSources } from './schema/mesh-sources.js';
import { type Logger, silentLogger } from './logger.js';

export interface GatewaySchema {
  schema: GraphQLSchema;
  destroy(): void;
}

export interface BuildOptions {
  /** TYPE_PREFIX: prepended to every type's name (see the README); none by default. */
  typePrefix?: string;
  /** Where Mesh's own log lines go; silent unless given. */
  logger?: Logger;
}

/** Builds the gateway schema from the repository at `root` (where `.meshrc.yml` is). */
export async function buildGatewaySchema(root: string, options: BuildOptions = {}): Promise<GatewaySchema> {
  const sources = loadMeshSources(root, options.logger ?? silentLogger);
  const schema = applyTypePrefix(composeSchema(sources.schemas, GRAPH_MODULES), options.typePrefix ?? '');
  return { schema, destroy: sources.destroy };
}
