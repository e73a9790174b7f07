/**
 * Result types as specific as B's data, where Mesh can only read `type: string` from the
 * document: the blocked-token list holds token ids only (empty when none is blocked; null with an error when
 * B fails, so a failing B never takes the other root fields' data with it).
 */
import { GraphQLList, GraphQLNonNull, type GraphQLSchema, isScalarType } from 'graphql';

/**
 * Gives `blockedErgoTokens` the type `[ErgoId!]`, in place: ErgoId is already in the type map,
 * so no copy of the schema is needed to change one field's type.
 */
export function specificResultTypes(schema: GraphQLSchema): GraphQLSchema {
  const ergoId = schema.getType('ErgoId');
  if (!isScalarType(ergoId)) throw new TypeError('the ErgoId scalar is missing from the schema');
  const field = schema.getQueryType()?.getFields().blockedErgoTokens;
  if (field) field.type = new GraphQLList(new GraphQLNonNull(ergoId));
  return schema;
}
