/**
 * The schema layer's passes of the assembly pipeline (pipeline.ts; the list is in
 * ../build-schema.ts): Mesh's source schemas merged with the hand-written modules (SDL and
 * resolvers), envelopes unwrapped, domain scalars on Mesh's arguments, each module's own rewrite,
 * plain scalar messages, enum values in UPPER_SNAKE_CASE, Mesh's execution directives dropped and
 * unreachable types pruned.
 */
import { readFileSync } from 'node:fs';
import { type GraphQLNamedType, GraphQLSchema, isInterfaceType, specifiedDirectives } from 'graphql';
import { applyArgumentScalars } from './argument-scalars.js';
import { DOMAIN_SCALARS } from './domain-scalars.js';
import { constantCaseEnumValues } from './enum-value-case.js';
import type { NamedGraphModule } from './graph-module.js';
import { mergeSources } from './merge-sources.js';
import type { SchemaPass } from './pipeline.js';
import { plainScalarMessages } from './scalar-messages.js';
import { unwrapEnvelopes } from './unwrap-envelopes.js';

const SCALAR_TYPE_DEFS = new URL('./scalars.graphql', import.meta.url);

/**
 * Merges the schema it is given, the source schemas and the modules' SDL and resolvers into a new
 * schema (merge-sources.ts); scalars.graphql declares every domain scalar, so the merged schema
 * has them all. `checkSDL` checks the merged definitions against graphql's SDL rules.
 */
export function mergePass(sources: readonly GraphQLSchema[], modules: readonly NamedGraphModule[], checkSDL = false): SchemaPass {
  return {
    name: 'merge',
    requires: [],
    provides: ['merged', 'domain-scalars'],
    inPlace: false,
    run: (schema) =>
      mergeSources({
        schemas: [schema, ...sources],
        typeDefs: [SCALAR_TYPE_DEFS, ...modules.flatMap(({ module }) => module.typeDefs)].map((typeDefs) =>
          typeof typeDefs === 'string' ? typeDefs : readFileSync(typeDefs, 'utf8'),
        ),
        resolvers: [DOMAIN_SCALARS, ...modules.flatMap(({ module }) => [module.scalarBehaviours ?? {}, module.resolvers ?? {}])],
        checkSDL,
      }),
  };
}

/** The modules' envelope tables, unwrapped in place (unwrap-envelopes.ts). */
export function unwrapEnvelopesPass(modules: readonly NamedGraphModule[]): SchemaPass {
  const envelopes = Object.assign({}, ...modules.map(({ module }) => module.envelopes ?? {}));
  return {
    name: 'unwrap-envelopes',
    requires: ['merged'],
    provides: ['envelopes-unwrapped'],
    inPlace: true,
    run: (schema) => unwrapEnvelopes(schema, envelopes),
  };
}

/** The modules' argument scalars, retyped in place (argument-scalars.ts). */
export function argumentScalarsPass(modules: readonly NamedGraphModule[]): SchemaPass {
  const argumentScalars = Object.assign({}, ...modules.map(({ module }) => module.argumentScalars ?? {}));
  return {
    name: 'argument-scalars',
    requires: ['merged', 'domain-scalars'],
    provides: ['argument-scalars'],
    inPlace: true,
    run: (schema) => applyArgumentScalars(schema, argumentScalars),
  };
}

/**
 * Each module's `transformSchema`, in the modules' order (the name lists the modules that have
 * one). They see the public shapes: envelopes unwrapped (country-data's path forms replace the
 * resolvers of two unwrapped fields and answer the record) and arguments retyped.
 */
export function moduleTransformsPass(modules: readonly NamedGraphModule[]): SchemaPass {
  const transforming = modules.filter(({ module }) => module.transformSchema);
  return {
    name: `module-transforms(${transforming.map(({ name }) => name).join(', ')})`,
    requires: ['envelopes-unwrapped', 'argument-scalars'],
    provides: ['modules-transformed'],
    inPlace: true,
    run: (schema) => transforming.reduce((current, { module }) => module.transformSchema?.(current) ?? current, schema),
  };
}

/** Plain refusals for the source schemas' scalars, in place (scalar-messages.ts), once the modules have settled them. */
export const scalarMessagesPass: SchemaPass = {
  name: 'scalar-messages',
  requires: ['modules-transformed'],
  provides: ['scalar-messages'],
  inPlace: true,
  run: plainScalarMessages,
};

/** Every enum value in UPPER_SNAKE_CASE (enum-value-case.ts); a copy only when one still needs it. */
export const enumValueCasePass: SchemaPass = {
  name: 'enum-value-case',
  requires: ['modules-transformed'],
  provides: ['enum-values-cased'],
  inPlace: false,
  run: constantCaseEnumValues,
};

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

/** Unreachable types and Mesh's directives dropped, once no pass changes which types the fields name. */
export const reachableFromRootsPass: SchemaPass = {
  name: 'reachable-from-roots',
  requires: ['modules-transformed', 'enum-values-cased'],
  provides: ['pruned'],
  inPlace: false,
  run: reachableFromRoots,
};
