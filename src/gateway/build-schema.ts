/** Builds the gateway's schema: the Mesh artefact's sources, then the hand-written modules, then the type prefix. */
import type { GraphQLSchema } from 'graphql';
import { applyTypePrefix } from './federation/type-prefix.js';
import { GRAPH_MODULES } from './graph-modules.js';
import { composeSchema } from './schema/compose-schema.js';
import { loadMeshSources } from './schema/mesh-sources.js';
import { type Logger, silentLogger } from './logger.js';
import { applyFieldScopes } from './callers/field-scopes.js';
import { applyDemandControl } from './callers/demand-control.js';

export interface GatewaySchema {
  schema: GraphQLSchema;
  destroy(): void;
}

export interface BuildOptions {
  /** TYPE_PREFIX: prepended to every type's name (see the README); none by default. */
  typePrefix?: string;
  /** Where Mesh's own log lines go; silent unless given. */
  logger?: Logger;
  /** AUTH_REQUIRED: the paid fields are published `@authenticated` too. */
  authRequired?: boolean;
}

/** Builds the gateway schema from the repository at `root` (where `.meshrc.yml` is). */
export async function buildGatewaySchema(root: string, options: BuildOptions = {}): Promise<GatewaySchema> {
  const sources = loadMeshSources(root, options.logger ?? silentLogger);
  const typePrefix = options.typePrefix ?? '';
  // Scopes and costs last, so they are published on the fields' final names.
  const schema = applyDemandControl(
    applyFieldScopes(applyTypePrefix(composeSchema(sources.schemas, GRAPH_MODULES), typePrefix), {
      authRequired: options.authRequired ?? false,
    }),
    typePrefix,
  );
  return { schema, destroy: sources.destroy };
}
