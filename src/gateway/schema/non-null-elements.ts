/**
 * In OpenAPI 3.0 a value is null only where its schema says `nullable: true`, and no array of
 * the four documents allows null items; Mesh still types every array `[Item]`. This pass types
 * the elements of a source's output lists non-null, so a client's generated types hold
 * `Item[]`, not `(Item | null)[]`, wherever the vendor guarantees it.
 */
import {
  assertOutputType,
  getNullableType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLSchema,
  type GraphQLType,
  isIntrospectionType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';

function withNonNullElements(type: GraphQLType): GraphQLType {
  if (isNonNullType(type)) return new GraphQLNonNull(getNullableType(withNonNullElements(type.ofType)));
  if (isListType(type)) {
    const element = withNonNullElements(type.ofType);
    return new GraphQLList(isNonNullType(element) ? element : new GraphQLNonNull(element));
  }
  return type;
}

/**
 * Returns a source schema whose output lists hold non-null elements, changed in place: the named
 * types stay as they are, only their wrappers change, and copying the schema would cost start-up.
 */
export function nonNullListElements(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || !(isObjectType(type) || isInterfaceType(type))) continue;
    for (const field of Object.values(type.getFields())) field.type = assertOutputType(withNonNullElements(field.type));
  }
  return schema;
}
