/**
 * Result types as specific as B's data, where Mesh can only read `type: string` from the
 * document: the blocked-token list always comes (possibly empty) and holds token ids only.
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { GraphQLList, GraphQLNonNull, type GraphQLSchema, isScalarType } from 'graphql';

/** Returns the schema with `blockedErgoTokens: [ErgoId!]!`. */
export function specificResultTypes(schema: GraphQLSchema): GraphQLSchema {
  const ergoId = schema.getType('ErgoId');
  if (!isScalarType(ergoId)) throw new TypeError('the ErgoId scalar is missing from the schema');
  return mapSchema(schema, {
    [MapperKind.QUERY_ROOT_FIELD]: (field, fieldName) =>
      fieldName === 'blockedErgoTokens' ? { ...field, type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ergoId))) } : field,
  });
}
