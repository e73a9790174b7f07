/**
 * Result types as specific as B's data, where Mesh can only read `type: string` from the
 * document: the blocked-token list always comes (possibly empty) and holds token ids only.
 */
import { GraphQLList, GraphQLNonNull, type GraphQLSchema, isScalarType } from 'graphql';

/**
 * Gives `blockedErgoTokens` the type `[ErgoId!]!`, in place: ErgoId is already in the type map,
 * so no copy of the schema is needed to change one field's type.
 */
export function specificResultTypes(schema: GraphQLSchema): GraphQLSchema {
  const ergoId = schema.getType('ErgoId');
  if (!isScalarType(ergoId)) throw new TypeError('the ErgoId scalar is missing from the schema');
  const field = schema.getQueryType()?.getFields().blockedErgoTokens;
  if (field) field.type = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(ergoId)));
  return schema;
}
