/**
 * Gives Mesh-generated arguments their domain scalar (the OpenAPI documents describe them as
 * plain strings, faithfully to the vendors), so the gateway refuses bad values itself.
 * Hand-written fields declare their domain scalars in their own SDL directly.
 */
import {
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLScalarType,
  type GraphQLSchema,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';

/** `Type.field.argument` → the scalar it takes: a generic domain scalar or one its interface declares (checked when applied). */
export type ArgumentScalars = Readonly<Record<string, string>>;

/** The same list and non-null wrapping as `type`, around `scalar`. */
function rewrap(type: GraphQLInputType, scalar: GraphQLScalarType): GraphQLInputType {
  return isNonNullType(type) ? new GraphQLNonNull(rewrapNullable(type.ofType, scalar)) : rewrapNullable(type, scalar);
}

function rewrapNullable(type: GraphQLInputType, scalar: GraphQLScalarType): GraphQLList<GraphQLInputType> | GraphQLScalarType {
  return isListType(type) ? new GraphQLList(rewrap(type.ofType, scalar)) : scalar;
}

/**
 * Retypes each listed argument in place and returns the schema; throws if an entry names nothing
 * or a scalar the schema does not declare. Only argument types change, so the schema is not
 * copied: the pipeline's merge declares every domain scalar (scalars.graphql and the interfaces'
 * SDL), and adding one here would mean either a copy or sharing a scalar's instance with later
 * in-place passes.
 */
export function applyArgumentScalars(schema: GraphQLSchema, table: ArgumentScalars): GraphQLSchema {
  const unknown: string[] = [];
  const undeclared = new Set<string>();
  for (const [key, scalarName] of Object.entries(table)) {
    const [typeName = '', fieldName = '', argName = ''] = key.split('.');
    const type = schema.getType(typeName);
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[fieldName] : undefined;
    const arg = field?.args.find((candidate) => candidate.name === argName);
    const scalar = schema.getType(scalarName);
    if (!arg) unknown.push(key);
    else if (!isScalarType(scalar)) undeclared.add(scalarName);
    else arg.type = rewrap(arg.type, scalar);
  }
  if (unknown.length > 0) throw new TypeError(`Argument scalar table names unknown arguments: ${unknown.join(', ')}`);
  if (undeclared.size > 0)
    throw new TypeError(`Argument scalar table names scalars the schema does not declare: ${[...undeclared].join(', ')}`);
  return schema;
}
