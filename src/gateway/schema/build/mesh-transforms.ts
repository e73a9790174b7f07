/**
 * `.meshrc.yml`'s per-source transforms, run by Mesh's own transform classes in bare mode. The
 * build step runs them once to learn the rename plan (derive-rename-plan.ts); the gateway replays the
 * plan at start-up instead of loading them.
 */
import NamingConventionTransform from '@graphql-mesh/transform-naming-convention';
import RenameTransform from '@graphql-mesh/transform-rename';
import FilterSchemaTransform from '@graphql-mesh/transform-filter-schema';
import type { KeyValueCache, Logger, MeshTransformOptions } from '@graphql-mesh/types';
import type { PubSub } from '@graphql-mesh/utils';
import type { GraphQLSchema } from 'graphql';

/** What a bare-mode transform does: rewrite the source schema once, in place of a wrapping layer. */
interface BareTransform {
  transformSchema(schema: GraphQLSchema, subschema: { schema: GraphQLSchema }): GraphQLSchema;
}

type TransformFactory = (options: MeshTransformOptions) => BareTransform;

/** The transforms `.meshrc.yml` uses, by their key there; every one runs in bare mode. */
const TRANSFORMS: Readonly<Record<string, TransformFactory>> = {
  namingConvention: (options) => new NamingConventionTransform(options),
  rename: (options) => new RenameTransform(options),
  filterSchema: (options) => new FilterSchemaTransform(options),
};

// Bare transforms rewrite the schema once and keep nothing; Mesh's options still ask for a cache.
const NO_CACHE: KeyValueCache = {
  get: () => undefined,
  set: () => undefined,
  delete: () => false,
  getKeysByPrefix: () => [],
};

export interface TransformContext {
  /** The source's name in `.meshrc.yml`. */
  apiName: string;
  /** Where relative paths in a transform's options start. */
  baseDir: string;
  pubsub: PubSub;
  logger: Logger;
}

/** The schema after each of `declarations` (`{ namingConvention: {...} }`, as in `.meshrc.yml`), in order. */
export function applyMeshTransforms(
  schema: GraphQLSchema,
  declarations: readonly Record<string, unknown>[],
  context: TransformContext,
): GraphQLSchema {
  return declarations.reduce((current, declaration) => {
    const [kind, config] = Object.entries(declaration)[0] ?? [];
    const factory = kind === undefined ? undefined : TRANSFORMS[kind];
    if (!factory) throw new TypeError(`${context.apiName}: the transform "${kind}" is not one the gateway supports`);
    const transform = factory({ ...context, config, cache: NO_CACHE, importFn: (module) => import(module) });
    return transform.transformSchema(current, { schema: current });
  }, schema);
}
