/**
 * Checks of root-field arguments before any upstream request: a value outside what a vendor
 * documents would cost a round trip only to be refused (or, for an unknown sort field, be silently
 * ignored). Each root field's resolver is wrapped with the checks of its arguments; a failed check
 * is `badInput` naming the argument. The mechanism only: the vendors' limits are stated by the
 * interfaces (interfaces/argument-limits.ts), which this layer never imports.
 */
import { type GraphQLSchema, defaultFieldResolver } from 'graphql';
import { badInput } from '../errors.js';
import type { SchemaPass } from './pipeline.js';

/** One argument's check: what it takes, in words, and whether a (non-null) value qualifies. */
export interface ArgumentRule {
  expected: string;
  accepts(value: unknown): boolean;
}

/** `Type.field` → argument name → its rule. */
export type InputLimits = Readonly<Record<string, Readonly<Record<string, ArgumentRule>>>>;

/** A whole number from `min` to `max` (inclusive; no upper bound when `max` is omitted). */
export function wholeNumber(min: number, max?: number): ArgumentRule {
  return {
    expected: max === undefined ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`,
    accepts: (value) => Number.isInteger(value) && Number(value) >= min && (max === undefined || Number(value) <= max),
  };
}

/** A field path from `paths`, optionally prefixed with `-` for descending order. */
export function sortField(paths: ReadonlySet<string>, what: string): ArgumentRule {
  return {
    expected: `a field path of ${what} (optionally prefixed with "-" for descending), e.g. ${[...paths].slice(0, 3).join(', ')}`,
    accepts: (value) => typeof value === 'string' && paths.has(value.replace(/^-/, '')),
  };
}

/**
 * Returns the schema with each listed field's resolver checking its arguments first. Only
 * resolvers change, so they are wrapped in place: another pass over the whole schema would add
 * a twentieth to the start-up.
 */
export function applyInputLimits(schema: GraphQLSchema, limits: InputLimits): GraphQLSchema {
  for (const [key, rules] of Object.entries(limits)) {
    const [typeName = '', fieldName = ''] = key.split('.');
    const root = typeName === 'Query' ? schema.getQueryType() : typeName === 'Mutation' ? schema.getMutationType() : undefined;
    const field = root?.getFields()[fieldName];
    if (!field) throw new TypeError(`Input limits name unknown root fields: ${key}`);
    const unknown = Object.keys(rules).filter((name) => !field.args.some((arg) => arg.name === name));
    if (unknown.length > 0) throw new TypeError(`Input limits name unknown arguments of ${key}: ${unknown.join(', ')}`);
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args: Record<string, unknown>, context, info) => {
      for (const [name, rule] of Object.entries(rules)) {
        const value = args[name];
        if (value !== null && value !== undefined && !rule.accepts(value)) throw badInput(name, rule.expected, value);
      }
      return resolve(source, args, context, info);
    };
  }
  return schema;
}

/**
 * The pipeline's pass that applies `limits`: after the modules' own rewrites, since one that
 * replaced a root field's resolver (as country-data's path forms do) would drop the checks. The
 * table is read when the schema is built, not when this module loads: a vendor's limits may come
 * from a build artefact.
 */
export function createInputLimitsPass(limits: () => InputLimits): SchemaPass {
  return {
    name: 'input-limits',
    requires: ['modules-transformed'],
    provides: ['input-limits'],
    inPlace: true,
    run: (schema) => applyInputLimits(schema, limits()),
  };
}
