/**
 * In OpenAPI 3.0 a value is null only where its schema says `nullable: true`, and no array of
 * the four documents allows null items; Mesh still types every array `[Item]`. This pass types
 * the elements of a source's output lists non-null, so a client's generated types hold
 * `Item[]`, not `(Item | null)[]`, wherever the vendor guarantees it.
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  assertOutputType,
  getNullableType,
  type GraphQLFieldConfig,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLSchema,
  type GraphQLType,
  isListType,
  isNonNullType,
} from 'graphql';

function withNonNullElements(type: GraphQLType): GraphQLType {
  if (isNonNullType(type)) return new GraphQLNonNull(getNullableType(withNonNullElements(type.ofType)));
  if (isListType(type)) {
    const element = withNonNullElements(type.ofType);
    return new GraphQLList(isNonNullType(element) ? element : new GraphQLNonNull(element));
  }
  return type;
}

function field<T>(config: GraphQLFieldConfig<T, unknown>): GraphQLFieldConfig<T, unknown> {
  return { ...config, type: assertOutputType(withNonNullElements(config.type)) };
}

/** Returns a source schema whose output lists hold non-null elements. */
export function nonNullListElements(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, { [MapperKind.OBJECT_FIELD]: field, [MapperKind.INTERFACE_FIELD]: field });
}
