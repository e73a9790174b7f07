/**
 * Builds the gateway's schema: the Mesh artefact's source of each registered interface, then the
 * passes of `schemaPipeline`, in the order written there and checked by the runner
 * (schema/pipeline.ts). The build step's own passes (schema/build/) run in the build scripts only.
 */
import { join } from 'node:path';
import { GraphQLSchema } from 'graphql';
import { applyDemandControl } from './callers/demand-control.js';
import { applyFieldScopes } from './callers/field-scopes.js';
import { entitiesPass } from './federation/entity-keys.js';
import { subgraphAuthDirectivesPass } from './federation/subgraph-sdl.js';
import { applyTypePrefix } from './federation/type-prefix.js';
import { graphModules } from './graph-modules.js';
import { forCompiledExecution } from './http/compiled-execution.js';
import { inputLimitsPass } from './interfaces/argument-limits.js';
import { INTERFACES, type Interfaces } from './interfaces/registry.js';
import {
  argumentScalarsPass,
  enumValueCasePass,
  mergePass,
  moduleTransformsPass,
  reachableFromRootsPass,
  scalarMessagesPass,
  unwrapEnvelopesPass,
} from './schema/compose-schema.js';
import { declaredAccess, declaredEntities, type NamedGraphModule } from './schema/graph-module.js';
import { MESH_ARTIFACT_DIR } from './schema/mesh-manifest.js';
import { loadMeshSources } from './schema/mesh-sources.js';
import { runPipeline, type SchemaPass } from './schema/pipeline.js';
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
  /** AUTH_REQUIRED: the paid fields are published `@authenticated` too. */
  authRequired?: boolean;
  /** FEDERATION_AUTH_DIRECTIVES: the subgraph SDL (`_service`) carries `@authenticated` and `@requiresScopes`. */
  federationAuthDirectives?: boolean;
  /** The interfaces served: the registry (interfaces/registry.ts) unless given. */
  interfaces?: Interfaces;
  /** Where the build step wrote their Mesh artefact (scripts/mesh-artifact.ts): `dist/mesh` under `root` unless given. */
  meshArtifactDir?: string;
  /**
   * Check the merged type definitions against graphql's SDL rules. They are the repository's own,
   * so the build step's generator (scripts/generate.ts) and the tests check them; a start does not.
   */
  checkSDL?: boolean;
}

/** The fact createGateway (server.ts) looks for before running the schema with graphql-jit as it is. */
export const COMPILED_EXECUTION_READY = 'compiled-execution-ready';

/**
 * The served schema's passes, in order. The type prefix comes after every pass that names types
 * by their own names; scopes and costs after it, so they are published on the fields' final names.
 */
export function schemaPipeline(
  sources: readonly GraphQLSchema[],
  modules: readonly NamedGraphModule[],
  options: Pick<BuildOptions, 'typePrefix' | 'authRequired' | 'federationAuthDirectives' | 'checkSDL'> = {},
): SchemaPass[] {
  const typePrefix = options.typePrefix ?? '';
  return [
    mergePass(sources, modules, options.checkSDL),
    unwrapEnvelopesPass(modules),
    argumentScalarsPass(modules),
    moduleTransformsPass(modules),
    scalarMessagesPass,
    inputLimitsPass,
    enumValueCasePass,
    reachableFromRootsPass,
    {
      name: 'type-prefix',
      requires: ['pruned'],
      provides: ['type-prefixed'],
      inPlace: false,
      run: (schema) => applyTypePrefix(schema, typePrefix),
    },
    entitiesPass(declaredEntities(modules)),
    {
      name: 'field-scopes',
      requires: ['type-prefixed'],
      provides: ['field-scopes'],
      inPlace: true,
      run: (schema) => applyFieldScopes(schema, { authRequired: options.authRequired ?? false, access: declaredAccess(modules) }),
    },
    subgraphAuthDirectivesPass(options.federationAuthDirectives ?? false),
    {
      name: 'demand-control',
      requires: ['type-prefixed'],
      provides: ['demand-control'],
      inPlace: true,
      run: applyDemandControl,
    },
    {
      // graphql-jit's way of calling parseLiteral (http/compiled-execution.ts), on the final
      // scalars: after their messages are reworded and the prefix has copied them. graphql-js
      // answers the same with it, so the schema is built ready whether GRAPHQL_JIT is on or off.
      name: 'compiled-execution',
      requires: ['scalar-messages', 'type-prefixed'],
      provides: [COMPILED_EXECUTION_READY],
      inPlace: true,
      run: forCompiledExecution,
    },
  ];
}

/** Builds the gateway schema from the repository at `root` (where `.meshrc.yml` is). */
export async function buildGatewaySchema(root: string, options: BuildOptions = {}): Promise<GatewaySchema> {
  const interfaces = options.interfaces ?? INTERFACES;
  const sources = loadMeshSources(options.meshArtifactDir ?? join(root, MESH_ARTIFACT_DIR), interfaces, options.logger ?? silentLogger);
  const modules = await graphModules(interfaces);
  // The merge pass makes the first schema of its own; the pipeline's input is left empty.
  const schema = runPipeline(schemaPipeline(sources.schemas, modules, options), new GraphQLSchema({}));
  return { schema, destroy: sources.destroy };
}
