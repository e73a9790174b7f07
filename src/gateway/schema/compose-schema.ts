/**
 * The public schema: Mesh's source schemas merged with the hand-written modules (SDL and
 * resolvers), envelopes unwrapped, domain scalars on Mesh's arguments, enum values in
 * UPPER_SNAKE_CASE, Mesh's execution directives dropped and unreachable types pruned.
 */
import { readFileSync } from 'node:fs';
import { mergeSchemas } from '@graphql-tools/schema';
import { type GraphQLNamedType, GraphQLSchema, isInterfaceType, specifiedDirectives } from 'graphql';
import { applyArgumentScalars } from './argument-scalars.js';
import { DOMAIN_SCALARS } from './domain-scalars.js';
import { constantCaseEnumValues } from './enum-value-case.js';
import type { GraphModule } from './graph-module.js';
import { unwrapEnvelopes } from './unwrap-envelopes.js';

const SCALAR_TYPE_DEFS = new URL('./scalars.graphql', import.meta.url);

/** Merges the source schemas with the modules into the schema the gateway serves. */
export function composeSchema(sources: readonly GraphQLSchema[], modules: readonly GraphModule[]): GraphQLSchema {
  const merged = mergeSchemas({
    schemas: [...sources],
    typeDefs: [SCALAR_TYPE_DEFS, ...modules.flatMap((module) => module.typeDefs)].map((file) => readFileSync(file, 'utf8')),
    resolvers: [DOMAIN_SCALARS, ...modules.flatMap((module) => [module.scalarBehaviours ?? {}, module.resolvers ?? {}])],
    // The schema was just built from the merged type definitions; attaching the resolvers to it
    // rather than to a copy saves a pass over the whole schema at start-up.
    updateResolversInPlace: true,
  });
  const envelopes = Object.assign({}, ...modules.map((module) => module.envelopes ?? {}));
  const argumentScalars = Object.assign({}, ...modules.map((module) => module.argumentScalars ?? {}));
  const unwrapped = modules.reduce(
    (schema, module) => module.transformSchema?.(schema) ?? schema,
    applyArgumentScalars(unwrapEnvelopes(merged, envelopes), argumentScalars),
  );
  return reachableFromRoots(constantCaseEnumValues(unwrapped));
}

/**
 * The schema's root types and every type they reach, with the implementations of each interface
 * they reach (so fragments on them stay valid), and only GraphQL's own directives: Mesh's
 * execution directives (@httpOperation, @transport...) were consumed when the resolvers were
 * made; published, they would show platform teams the vendors' paths and Mesh internals. A new
 * schema collects just the reachable types itself, where pruning would copy the whole schema.
 */
function reachableFromRoots(schema: GraphQLSchema): GraphQLSchema {
  const roots = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() };
  const implementations: GraphQLNamedType[] = [];
  for (;;) {
    const reachable = new GraphQLSchema({ ...roots, types: implementations, directives: specifiedDirectives });
    const unreached = Object.values(reachable.getTypeMap())
      .filter(isInterfaceType)
      .flatMap((type) => schema.getPossibleTypes(type))
      .filter((type) => reachable.getType(type.name) === undefined);
    if (unreached.length === 0) return reachable;
    implementations.push(...unreached);
  }
}
