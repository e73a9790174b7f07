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
  GraphQLSchema,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { DOMAIN_SCALARS, type DomainScalarName } from './domain-scalars.js';

/** `Type.field.argument` → the scalar it takes. */
export type ArgumentScalars = Readonly<Record<string, DomainScalarName>>;

/** The same list and non-null wrapping as `type`, around `scalar`. */
function rewrap(type: GraphQLInputType, scalar: GraphQLScalarType): GraphQLInputType {
  return isNonNullType(type) ? new GraphQLNonNull(rewrapNullable(type.ofType, scalar)) : rewrapNullable(type, scalar);
}

function rewrapNullable(type: GraphQLInputType, scalar: GraphQLScalarType): GraphQLList<GraphQLInputType> | GraphQLScalarType {
  return isListType(type) ? new GraphQLList(rewrap(type.ofType, scalar)) : scalar;
}

/**
 * Retypes each listed argument in place and returns the schema; throws if an entry names
 * nothing. Only argument types change, so the schema is copied only to add a domain scalar its
 * type map lacks (the gateway's own schema declares them all in scalars.graphql).
 */
export function applyArgumentScalars(schema: GraphQLSchema, table: ArgumentScalars): GraphQLSchema {
  const unknown: string[] = [];
  const missing = new Map<string, GraphQLScalarType>();
  for (const [key, scalarName] of Object.entries(table)) {
    const [typeName = '', fieldName = '', argName = ''] = key.split('.');
    const type = schema.getType(typeName);
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[fieldName] : undefined;
    const arg = field?.args.find((candidate) => candidate.name === argName);
    if (!arg) {
      unknown.push(key);
      continue;
    }
    // The schema's own instance when it has one, so the argument and the type map agree.
    const existing = schema.getType(scalarName);
    const scalar = isScalarType(existing) ? existing : DOMAIN_SCALARS[scalarName];
    if (scalar !== existing) missing.set(scalarName, scalar);
    arg.type = rewrap(arg.type, scalar);
  }
  if (unknown.length > 0) throw new TypeError(`Argument scalar table names unknown arguments: ${unknown.join(', ')}`);
  if (missing.size === 0) return schema;
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, types: [...config.types, ...missing.values()] });
}
