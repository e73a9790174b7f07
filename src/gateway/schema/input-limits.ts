/**
 * Limits the vendors document (page sizes, offsets) and enumerable choices (sort fields), checked
 * by the gateway before any upstream request: a value outside them would cost a round trip only
 * to be refused (or, for an unknown sort field, be silently ignored). Each root field's resolver is
 * wrapped with the checks of its arguments; a failed check is `badInput` naming the argument.
 */
import { readFileSync } from 'node:fs';
import { type GraphQLSchema, defaultFieldResolver } from 'graphql';
import { badInput } from '../errors.js';
import { CRYPTO_ANALYTICS_ROOT_FIELDS } from '../interfaces/crypto-analytics/index.js';
import type { GraphModule } from './graph-module.js';
import { plainScalarMessages } from './scalar-messages.js';
import { COUNTRY_SORT_PATHS_FILE, MESH_ARTIFACT_DIR } from './mesh-manifest.js';

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

/** A's `limit` (schema/crypto-analytics.yaml: 1–10000). */
const CRYPTO_LIMIT = { limit: wholeNumber(1, 10_000) };
/** D's paging (schema/country-data.yaml and the vendor's docs: limit 1–100, offset from 0). */
const COUNTRY_PAGING = { limit: wholeNumber(1, 100), offset: wholeNumber(0) };
/** C's paging (schema/address.yaml: limit 1–100, page from 0). */
const ADDRESS_LIMIT = { limit: wholeNumber(1, 100) };

/** D's sortable country paths, as the build step listed them from schema/country-data.yaml. */
function builtCountrySortPaths(): ReadonlySet<string> {
  const file = new URL(`../../../${MESH_ARTIFACT_DIR}/${COUNTRY_SORT_PATHS_FILE}`, import.meta.url);
  const paths: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string') || paths.length === 0) {
    throw new TypeError(`${file.pathname} is not a list of field paths: run npm run build`);
  }
  return new Set(paths);
}

function vendorLimits(): InputLimits {
  const sort = sortField(builtCountrySortPaths(), "D's country record");
  return {
    ...Object.fromEntries(CRYPTO_ANALYTICS_ROOT_FIELDS.map((field) => [`Query.${field}`, CRYPTO_LIMIT])),
    'Query.countries': { ...COUNTRY_PAGING, sort },
    'Query.countriesWhere': { ...COUNTRY_PAGING, sort },
    'Query.countriesByCode': COUNTRY_PAGING,
    'Query.countriesByName': COUNTRY_PAGING,
    'Query.countriesSearch': COUNTRY_PAGING,
    'Query.addresses': { ...ADDRESS_LIMIT, page: wholeNumber(0) },
    'Query.addressSuggestions': ADDRESS_LIMIT,
    'Query.postcodeAddresses': { page: wholeNumber(0) },
    'Query.licensees': ADDRESS_LIMIT,
    // B's peer list (schema/blockchain-utility.yaml: 1–1000).
    'Query.ergoNodePeers': { limit: wholeNumber(1, 1000) },
  };
}

/** The gateway's own input checks: plain scalar messages, then the vendors' documented limits. */
export const inputLimitsModule: GraphModule = {
  typeDefs: [],
  transformSchema: (schema) => applyInputLimits(plainScalarMessages(schema), vendorLimits()),
};
