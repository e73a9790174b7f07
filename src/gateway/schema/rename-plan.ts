/**
 * What `.meshrc.yml`'s transforms (naming convention, rename, filter) and the gateway's enum
 * value casing (enum-value-case.ts) do to a source schema, recorded once at build time as plain
 * names, and replayed at start-up in one pass.
 *
 * Mesh's bare transforms each copy the whole source schema, and the filter compiles a glob per
 * field it checks: three to four copies per source, about 150 ms of every start. The build step
 * (scripts/build-mesh-artifact.ts) runs the real transforms on the executable source schema and
 * derives this plan from what they produced (build/derive-rename-plan.ts). At start-up the plan
 * is applied to the executable source schema in one copy, with resolvers that read the vendor's
 * names, as Mesh's wrappers do.
 */
import { MapperKind, mapSchema, renameType } from '@graphql-tools/utils';
import {
  defaultFieldResolver,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldResolver,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  GraphQLUnionType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import { withFields } from '../shared/with-fields.js';

/** `from` → `to`; `null` where the filter removed it. */
export type Renames = Record<string, string | null>;

export interface RenamePlan {
  /** By the vendor's type name. */
  types: Renames;
  /** By the vendor's type name, then the vendor's field name. */
  fields: Record<string, Renames>;
  /** By the vendor's `Type.field`, then the vendor's argument name. */
  args: Record<string, Renames>;
  /** By the vendor's input type name, then the vendor's field name. */
  inputFields: Record<string, Renames>;
  /** By the vendor's enum type name, then the vendor's value name; the internal (wire) value stays. */
  enumValues: Record<string, Renames>;
}

/** Turns an argument value spelled with the graph's input field names back into the vendor's. */
type ValueRenamer = (value: unknown) => unknown;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The vendor's name for each of the graph's names in `renames`. */
function reversed(renames: Renames | undefined): Map<string, string> {
  return new Map(Object.entries(renames ?? {}).flatMap(([from, to]) => (to === null ? [] : [[to, from] as const])));
}

/** Applies the plan to values of the vendor's input types, with a renamer per type made once. */
class InputRenamers {
  private readonly made = new Map<GraphQLInputObjectType, ValueRenamer | undefined>();
  private readonly making = new Set<GraphQLInputObjectType>();

  constructor(private readonly plan: RenamePlan) {}

  /** The renamer for values of the vendor's `type`, or undefined when nothing inside it was renamed. */
  of(type: GraphQLInputType): ValueRenamer | undefined {
    if (isNonNullType(type)) return this.of(type.ofType);
    if (isListType(type)) {
      const element = this.of(type.ofType);
      return element && ((value) => (Array.isArray(value) ? value.map(element) : element(value)));
    }
    if (!isInputObjectType(type)) return undefined;
    if (this.made.has(type)) return this.made.get(type);
    // A recursive input type refers to its own renamer, found when a value is renamed.
    if (this.making.has(type)) return (value) => this.made.get(type)?.(value) ?? value;
    this.making.add(type);
    const vendorNames = reversed(this.plan.inputFields[type.name]);
    const fields = new Map(Object.values(type.getFields()).map((field) => [field.name, this.of(field.type)] as const));
    const records = recordRenamer(vendorNames, fields);
    const renamer: ValueRenamer | undefined = records && ((value) => (isRecord(value) ? records(value) : value));
    this.making.delete(type);
    this.made.set(type, renamer);
    return renamer;
  }
}

type RecordRenamer = (record: Record<string, unknown>) => Record<string, unknown>;

/**
 * Renames a record's keys from the graph's names to the vendor's and each value by the renamer
 * of its key; undefined when no key is renamed and no value needs renaming.
 */
function recordRenamer(vendorNames: Map<string, string>, values: Map<string, ValueRenamer | undefined>): RecordRenamer | undefined {
  if (vendorNames.size === 0 && ![...values.values()].some(Boolean)) return undefined;
  return (record) => {
    const renamed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      const vendorKey = vendorNames.get(key) ?? key;
      const inner = values.get(vendorKey);
      renamed[vendorKey] = inner ? inner(value) : value;
    }
    return renamed;
  };
}

/** Turns the graph's arguments of a field back into the vendor's, or undefined when they already are. */
function argumentsRenamer(
  args: GraphQLFieldConfigArgumentMap,
  renames: Renames | undefined,
  inputs: InputRenamers,
): RecordRenamer | undefined {
  return recordRenamer(reversed(renames), new Map(Object.entries(args).map(([name, arg]) => [name, inputs.of(arg.type)] as const)));
}

/**
 * A renamed field's resolver: the vendor's resolver called with the vendor's field and argument
 * names, as Mesh's transforms call it. A plain field reads the vendor's key directly, without a
 * copy of `info` per value.
 */
function vendorNamedResolver(
  resolve: GraphQLFieldResolver<unknown, unknown> | undefined,
  fieldName: string,
  renameArgs: RecordRenamer | undefined,
): GraphQLFieldResolver<unknown, unknown> {
  if (!resolve && !renameArgs) {
    return (source, args, context, info) => {
      if ((typeof source !== 'object' || source === null) && typeof source !== 'function') return undefined;
      const property: unknown = Reflect.get(source, fieldName);
      return typeof property === 'function' ? defaultFieldResolver(source, args, context, withFields(info, { fieldName })) : property;
    };
  }
  const inner = resolve ?? defaultFieldResolver;
  return (source, args, context, info) =>
    inner(source, renameArgs ? renameArgs(args) : args, context, fieldName === info.fieldName ? info : withFields(info, { fieldName }));
}

/** A type resolver that answers with the graph's type names where the vendor's were renamed. */
function renamedTypeResolver(resolveType: GraphQLTypeResolver<unknown, unknown>, types: Renames): GraphQLTypeResolver<unknown, unknown> {
  return async (value, context, info, abstractType) => {
    const name = await resolveType(value, context, info, abstractType);
    return (name !== undefined && types[name]) || name;
  };
}

/** The source schema with the plan applied, in one copy; the vendor's schema is left as it was. */
export function applyRenamePlan(schema: GraphQLSchema, plan: RenamePlan): GraphQLSchema {
  const renamesTypes = Object.values(plan.types).some((to) => to !== null);
  const inputs = new InputRenamers(plan);
  const target = (type: GraphQLNamedType): string | null | undefined => plan.types[type.name];
  // An abstract type's resolver answers with the vendor's type names; they are renamed on the way out.
  const typeResolver = (resolveType: GraphQLTypeResolver<unknown, unknown> | undefined | null) =>
    renamesTypes && resolveType ? renamedTypeResolver(resolveType, plan.types) : resolveType;
  return mapSchema(schema, {
    [MapperKind.TYPE]: (type) => {
      const to = target(type);
      return to === null ? null : to === undefined ? type : renameType(type, to);
    },
    [MapperKind.UNION_TYPE]: (type) => {
      const to = target(type);
      if (to === null) return null;
      if (to === undefined && !renamesTypes) return type;
      const resolving = new GraphQLUnionType({ ...type.toConfig(), resolveType: typeResolver(type.resolveType) });
      return to === undefined ? resolving : renameType(resolving, to);
    },
    [MapperKind.INTERFACE_TYPE]: (type) => {
      const to = target(type);
      if (to === null) return null;
      if (to === undefined && !renamesTypes) return type;
      const resolving = new GraphQLInterfaceType({ ...type.toConfig(), resolveType: typeResolver(type.resolveType) });
      return to === undefined ? resolving : renameType(resolving, to);
    },
    // Field mappers see the vendor's type names: mapSchema keys its type map by them until the end.
    [MapperKind.COMPOSITE_FIELD]: (config, fieldName, typeName) => {
      const to = plan.fields[typeName]?.[fieldName];
      if (to === null) return null;
      const argRenames = plan.args[`${typeName}.${fieldName}`];
      const renameArgs = config.args ? argumentsRenamer(config.args, argRenames, inputs) : undefined;
      if (to === undefined && !argRenames && !renameArgs) return config;
      const args =
        argRenames && config.args
          ? Object.fromEntries(
              Object.entries(config.args).flatMap(([name, arg]) => {
                const argTo = argRenames[name];
                return argTo === null ? [] : [[argTo ?? name, arg]];
              }),
            )
          : config.args;
      const resolve = to === undefined && !renameArgs ? config.resolve : vendorNamedResolver(config.resolve, fieldName, renameArgs);
      const renamed = { ...config, args, resolve };
      return to === undefined ? renamed : [to, renamed];
    },
    // As enum-value-case.ts does: the definition node would still carry the vendor's name.
    [MapperKind.ENUM_VALUE]: (config, typeName, _schema, externalValue) => {
      const to = plan.enumValues[typeName]?.[externalValue];
      if (to === null) return null;
      return to === undefined ? config : [to, { ...config, astNode: undefined }];
    },
    [MapperKind.INPUT_OBJECT_FIELD]: (config, fieldName, typeName) => {
      const to = plan.inputFields[typeName]?.[fieldName];
      if (to === null) return null;
      return to === undefined ? config : [to, config];
    },
  });
}
