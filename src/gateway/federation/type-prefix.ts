/**
 * TYPE_PREFIX: every named type and enum of the served schema renamed `<prefix><Name>`, so a
 * peer's own `Address`, `Date` or `Weekday` composes beside ours instead of merging into it.
 * Root types, built-in scalars, introspection types and the composition types (`_Any`,
 * `_Entity`, `_Service`) keep their names; field names never change.
 */
import { whenKnown } from '../shared/at-once.js';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  defaultTypeResolver,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  type GraphQLNamedType,
  GraphQLSchema,
  GraphQLUnionType,
  type GraphQLTypeResolver,
  isSpecifiedScalarType,
} from 'graphql';

/** The prefix the schema was built with ('' when none), recorded in the schema's extensions. */
export function typePrefixOf(schema: GraphQLSchema): string {
  const prefix = schema.extensions['typePrefix'];
  return typeof prefix === 'string' ? prefix : '';
}

/** Abstract types answer the prefixed name, whatever their resolver or `__typename` says. */
function prefixed(prefix: string, resolveType: GraphQLTypeResolver<unknown, unknown> | undefined): GraphQLTypeResolver<unknown, unknown> {
  const inner = resolveType ?? defaultTypeResolver;
  const add = (name: string | undefined): string | undefined =>
    typeof name === 'string' && !name.startsWith(prefix) ? prefix + name : name;
  // Synchronous where the inner resolver is: graphql-jit (GRAPHQL_JIT) takes no promise here.
  return (value, context, info, abstractType) => {
    const name = inner(value, context, info, abstractType);
    return whenKnown(name, add);
  };
}

function renamed(type: GraphQLNamedType, prefix: string): GraphQLNamedType {
  const name = prefix + type.name;
  if (type instanceof GraphQLObjectType) return new GraphQLObjectType({ ...type.toConfig(), name });
  if (type instanceof GraphQLInterfaceType) {
    const config = type.toConfig();
    return new GraphQLInterfaceType({ ...config, name, resolveType: prefixed(prefix, config.resolveType ?? undefined) });
  }
  if (type instanceof GraphQLUnionType) {
    const config = type.toConfig();
    return new GraphQLUnionType({ ...config, name, resolveType: prefixed(prefix, config.resolveType ?? undefined) });
  }
  if (type instanceof GraphQLEnumType) return new GraphQLEnumType({ ...type.toConfig(), name });
  if (type instanceof GraphQLInputObjectType) return new GraphQLInputObjectType({ ...type.toConfig(), name });
  return new GraphQLScalarType({ ...type.toConfig(), name });
}

/** The schema with every type but the kept ones renamed; '' returns it unchanged. */
export function applyTypePrefix(schema: GraphQLSchema, prefix: string): GraphQLSchema {
  if (prefix === '') return schema;
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((type) => type?.name));
  const keep = (type: GraphQLNamedType) => type.name.startsWith('_') || roots.has(type.name) || isSpecifiedScalarType(type);
  const result = mapSchema(schema, {
    [MapperKind.TYPE]: (type) => {
      if (!keep(type)) return renamed(type, prefix);
      // The composition union (_Entity) keeps its name, but its members are renamed.
      if (type instanceof GraphQLUnionType)
        return new GraphQLUnionType({ ...type.toConfig(), resolveType: prefixed(prefix, type.resolveType ?? undefined) });
      return type;
    },
  });
  return new GraphQLSchema({ ...result.toConfig(), extensions: { ...result.extensions, typePrefix: prefix } });
}
