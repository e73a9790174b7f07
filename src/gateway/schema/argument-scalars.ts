/**
 * Gives Mesh-generated arguments their domain scalar (the OpenAPI documents describe them as
 * plain strings, faithfully to the vendors), so the gateway refuses bad values itself.
 * Hand-written fields declare their domain scalars in their own SDL directly.
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLScalarType,
  type GraphQLSchema,
  isListType,
  isNonNullType,
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

/** Returns the schema with each listed argument retyped; throws if an entry names nothing. */
export function applyArgumentScalars(schema: GraphQLSchema, table: ArgumentScalars): GraphQLSchema {
  const applied = new Set<string>();
  const mapped = mapSchema(schema, {
    [MapperKind.COMPOSITE_FIELD]: (field, fieldName, typeName) => {
      if (!field.args) return field;
      const args = Object.fromEntries(
        Object.entries(field.args).map(([argName, arg]) => {
          const key = `${typeName}.${fieldName}.${argName}`;
          const scalarName = table[key];
          if (!scalarName) return [argName, arg];
          applied.add(key);
          // The schema's own instance when it has one, so the argument and the type map agree.
          const existing = schema.getType(scalarName);
          const scalar = isScalarType(existing) ? existing : DOMAIN_SCALARS[scalarName];
          return [argName, { ...arg, type: rewrap(arg.type, scalar) }];
        }),
      );
      return { ...field, args };
    },
  });
  const unknown = Object.keys(table).filter((key) => !applied.has(key));
  if (unknown.length > 0) throw new TypeError(`Argument scalar table names unknown arguments: ${unknown.join(', ')}`);
  return mapped;
}
