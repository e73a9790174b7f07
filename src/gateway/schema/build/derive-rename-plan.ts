/**
 * The build step's half of the rename plan (../rename-plan.ts): the plan that turns a source's
 * executable schema into what `.meshrc.yml`'s transforms and the enum value casing made of it,
 * learnt by comparing the two. Run by scripts/mesh-artifact.ts only; the gateway replays the
 * recorded plan at start-up.
 */
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import {
  type GraphQLEnumType,
  type GraphQLNamedType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
} from 'graphql';
import { applyRenamePlan, type RenamePlan, type Renames } from '../rename-plan.js';

const userTypes = (schema: GraphQLSchema): GraphQLNamedType[] =>
  Object.values(schema.getTypeMap()).filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type));

interface Defined {
  name: string;
  astNode?: { loc?: { start: number } | undefined } | null | undefined;
}

/**
 * Where the element is defined in the annotated SDL. The transforms copy definition nodes with
 * their location when they rename, so the location names an element before and after.
 */
function definedAt(element: Defined): number {
  const start = element.astNode?.loc?.start;
  if (start === undefined) throw new TypeError(`${element.name}: the annotated schema must be parsed with locations`);
  return start;
}

/** `to` for every element of `before` that `after` renamed or lacks. */
function renamesBetween(before: readonly Defined[], after: readonly Defined[]): Renames | undefined {
  const kept = new Map(after.map((element) => [definedAt(element), element.name]));
  const renames: Renames = {};
  for (const element of before) {
    const to = kept.get(definedAt(element)) ?? null;
    if (to !== element.name) renames[element.name] = to;
  }
  return Object.keys(renames).length > 0 ? renames : undefined;
}

/**
 * The plan that turns `vendor` (the executable source schema) into `transformed` (what Mesh's
 * transforms made of it). Throws when replaying the plan does not print exactly as `transformed`
 * does: a transform did something the plan cannot record (an enum value renamed, a type
 * filtered...), so the build fails rather than serve a different schema.
 */
export function deriveRenamePlan(vendor: GraphQLSchema, transformed: GraphQLSchema): RenamePlan {
  const plan = planBetween(vendor, transformed);
  const expected = printSchemaWithDirectives(transformed).split('\n');
  const replayed = printSchemaWithDirectives(applyRenamePlan(vendor, plan)).split('\n');
  const line = replayed.findIndex((text, index) => text !== expected[index]);
  if (line >= 0 || replayed.length !== expected.length) {
    const at = line >= 0 ? line : Math.min(replayed.length, expected.length);
    throw new Error(
      `The rename plan does not reproduce the transforms: line ${at + 1} is ${JSON.stringify(replayed[at] ?? '')}, ` +
        `the transforms give ${JSON.stringify(expected[at] ?? '')}`,
    );
  }
  return plan;
}

/** A renamed enum value keeps its internal value (what the vendor sends), which names it before and after. */
function enumRenamesBetween(before: GraphQLEnumType, after: GraphQLEnumType): Renames | undefined {
  const kept = new Map<unknown, string>(after.getValues().map((value) => [value.value, value.name]));
  const renames: Renames = {};
  for (const value of before.getValues()) {
    const to = kept.get(value.value) ?? null;
    if (to !== value.name) renames[value.name] = to;
  }
  return Object.keys(renames).length > 0 ? renames : undefined;
}

function planBetween(vendor: GraphQLSchema, transformed: GraphQLSchema): RenamePlan {
  const plan: RenamePlan = { types: {}, fields: {}, args: {}, inputFields: {}, enumValues: {} };
  const byLocation = new Map(userTypes(transformed).map((type) => [definedAt(type), type]));
  for (const type of userTypes(vendor)) {
    const after = byLocation.get(definedAt(type));
    if (after?.name !== type.name) plan.types[type.name] = after?.name ?? null;
    if ((isObjectType(type) || isInterfaceType(type)) && (isObjectType(after) || isInterfaceType(after))) {
      const fields = renamesBetween(Object.values(type.getFields()), Object.values(after.getFields()));
      if (fields) plan.fields[type.name] = fields;
      const afterFields = new Map(Object.values(after.getFields()).map((field) => [definedAt(field), field]));
      for (const field of Object.values(type.getFields())) {
        const args = renamesBetween(field.args, afterFields.get(definedAt(field))?.args ?? field.args);
        if (args) plan.args[`${type.name}.${field.name}`] = args;
      }
    }
    if (isInputObjectType(type) && isInputObjectType(after)) {
      const fields = renamesBetween(Object.values(type.getFields()), Object.values(after.getFields()));
      if (fields) plan.inputFields[type.name] = fields;
    }
    if (isEnumType(type) && isEnumType(after)) {
      const values = enumRenamesBetween(type, after);
      if (values) plan.enumValues[type.name] = values;
    }
  }
  return plan;
}
