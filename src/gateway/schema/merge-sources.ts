/**
 * The merge pass's merge: graphql-tools' `mergeSchemas` step for step (each source printed to type
 * definitions and its resolvers and extensions taken along, then `makeExecutableSchema` over all
 * of it), less two costs of every start that buy nothing at one:
 *
 * - reading a source's extensions: `extractExtensionsFromSchema` rebuilds the whole schema with
 *   `mapSchema` only to read them (17 ms of a start, four sources); `extensionsOf` reads the same
 *   entries off the type map.
 * - graphql's SDL rules over the merged definitions (16 ms): the definitions are the repository's
 *   own and the same at every start, so they are checked where they change, by the build step's
 *   generator and the tests (`checkSDL`), not by each start.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { type IResolvers, type SchemaExtensions, getDocumentNodeFromSchema, getResolversFromSchema } from '@graphql-tools/utils';
import {
  type GraphQLFieldMap,
  type GraphQLInputFieldMap,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
} from 'graphql';

type Extensions = Readonly<Record<string, unknown>> | null | undefined;
type ExtensionsEntry = Record<string | symbol, unknown>;

/** graphql-tools' copy of one element's extensions: its directives' argument lists copied too. */
function copied(extensions: Extensions): ExtensionsEntry {
  const source = extensions ?? {};
  const { directives, ...rest } = source;
  const copy: ExtensionsEntry = { ...rest };
  // Spread copies enumerable symbols only; graphql-tools copies every own symbol.
  for (const symbol of Object.getOwnPropertySymbols(source)) copy[symbol] = Reflect.get(source, symbol);
  if (typeof directives === 'object' && directives !== null) {
    copy.directives = Object.fromEntries(
      Object.entries(directives).map(([name, uses]) => [name, Array.isArray(uses) ? [...(uses as unknown[])] : [uses]]),
    );
  }
  return copy;
}

function fieldsOf(fields: GraphQLFieldMap<unknown, unknown>) {
  return Object.fromEntries(
    Object.values(fields).map((field) => [
      field.name,
      {
        arguments: Object.fromEntries(field.args.map((argument) => [argument.name, copied(argument.extensions)])),
        extensions: copied(field.extensions),
      },
    ]),
  );
}

function inputFieldsOf(fields: GraphQLInputFieldMap) {
  return Object.fromEntries(Object.values(fields).map((field) => [field.name, { extensions: copied(field.extensions) }]));
}

/** What `extractExtensionsFromSchema(schema)` returns, read off the type map without rebuilding the schema. */
export function extensionsOf(schema: GraphQLSchema): SchemaExtensions {
  const types: SchemaExtensions['types'] = {};
  for (const type of Object.values(schema.getTypeMap())) {
    // graphql's own types, as mapSchema (and so graphql-tools) leaves them out.
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    const extensions = copied(type.extensions);
    if (isObjectType(type)) types[type.name] = { type: 'object', fields: fieldsOf(type.getFields()), extensions };
    else if (isInterfaceType(type)) types[type.name] = { type: 'interface', fields: fieldsOf(type.getFields()), extensions };
    else if (isInputObjectType(type)) types[type.name] = { type: 'input', fields: inputFieldsOf(type.getFields()), extensions };
    else if (isEnumType(type))
      types[type.name] = {
        type: 'enum',
        values: Object.fromEntries(type.getValues().map((value) => [value.name, copied(value.extensions)])),
        extensions,
      };
    else if (isUnionType(type)) types[type.name] = { type: 'union', extensions };
    else if (isScalarType(type)) types[type.name] = { type: 'scalar', extensions };
  }
  return { schemaExtensions: copied(schema.extensions), types };
}

export interface MergeInput {
  schemas: readonly GraphQLSchema[];
  /** SDL text, merged after the schemas' own definitions. */
  typeDefs: readonly string[];
  resolvers: readonly IResolvers[];
  /** Check the merged definitions against graphql's SDL rules (the build step and the tests do). */
  checkSDL?: boolean;
}

/** The schemas, type definitions and resolvers merged into a new schema, resolvers attached in place. */
export function mergeSources({ schemas, typeDefs, resolvers, checkSDL = false }: MergeInput): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: [...schemas.map((schema) => getDocumentNodeFromSchema(schema)), ...typeDefs],
    resolvers: [...schemas.map((schema) => getResolversFromSchema(schema)), ...resolvers],
    schemaExtensions: schemas.map(extensionsOf),
    // The schema was just built from the merged type definitions; attaching the resolvers to it
    // rather than to a copy saves a pass over the whole schema at start-up.
    updateResolversInPlace: true,
    assumeValidSDL: !checkSDL,
  });
}
