/**
 * Gives Mesh-generated arguments their domain scalar (the OpenAPI documents describe them as
 * plain strings, faithfully to the vendors), so the gateway refuses bad values itself.
 * Hand-written fields declare their domain scalars in schema/gateway/*.graphql directly.
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { type GraphQLInputType, GraphQLList, GraphQLNonNull, type GraphQLSchema, isListType, isNonNullType } from 'graphql';
import { DOMAIN_SCALARS, type DomainScalarName } from './domain-scalars.js';

/** `Type.field.argument` → the scalar it takes. */
export type ArgumentScalars = Readonly<Record<string, DomainScalarName>>;

function rewrap(type: GraphQLInputType, scalar: GraphQLInputType): GraphQLInputType {
  if (isNonNullType(type)) return new GraphQLNonNull(rewrap(type.ofType, scalar) as GraphQLList<GraphQLInputType>);
  if (isListType(type)) return new GraphQLList(rewrap(type.ofType, scalar));
  return scalar;
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
          const scalar = schema.getType(scalarName) as GraphQLInputType | undefined;
          return [argName, { ...arg, type: rewrap(arg.type, scalar ?? DOMAIN_SCALARS[scalarName]) }];
        }),
      );
      return { ...field, args };
    },
  });
  const unknown = Object.keys(table).filter((key) => !applied.has(key));
  if (unknown.length > 0) throw new TypeError(`Argument scalar table names unknown arguments: ${unknown.join(', ')}`);
  return mapped;
}
