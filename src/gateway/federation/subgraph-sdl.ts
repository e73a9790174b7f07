/**
 * The federation v2 SDL of the served schema (what `_service { sdl }` answers): the schema as
 * served, without the subgraph and stitching fields themselves, with `@key` on every entity and
 * `@shareable` on every other object type, so a peer may define the same value type (a
 * `Money`, a `CountryNames`) and still compose.
 */
import { filterSchema } from '@graphql-tools/utils';
import { type GraphQLSchema, isObjectType, printSchema } from 'graphql';
import { annotateFieldScopes } from '../callers/field-scopes.js';
import { ENTITY_KEYS } from './entity-keys.js';
import { typePrefixOf } from './type-prefix.js';

/** The link to the federation spec version whose directives the SDL uses. */
export const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@shareable", "@authenticated", "@requiresScopes", "@cost", "@listSize"])';

/** Types and root fields that exist for composition only and are not part of the composed graph. */
export const COMPOSITION_TYPES: ReadonlySet<string> = new Set(['_Any', '_Entity', '_Service']);
export const COMPOSITION_FIELDS: ReadonlySet<string> = new Set(['_service', '_entities', '_sdl']);

/** The schema without the composition types and fields. */
export function withoutCompositionFields(schema: GraphQLSchema): GraphQLSchema {
  return filterSchema({
    schema,
    typeFilter: (name) => !COMPOSITION_TYPES.has(name),
    rootFieldFilter: (_operation, name) => !COMPOSITION_FIELDS.has(name),
  });
}

/** Appends `directive` to the header line of object type `name` in printed SDL. */
export function annotateType(sdl: string, name: string, directive: string): string {
  return sdl.replace(new RegExp(`^(type ${name}(?: implements [^{]+)?) \\{$`, 'm'), `$1 ${directive} {`);
}

const cache = new WeakMap<GraphQLSchema, string>();

/** The subgraph SDL of `schema`, computed once per schema. */
export function subgraphSdl(schema: GraphQLSchema): string {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const prefix = typePrefixOf(schema);
  const plain = withoutCompositionFields(schema);
  const roots = new Set([plain.getQueryType(), plain.getMutationType(), plain.getSubscriptionType()].map((type) => type?.name));
  let sdl = annotateFieldScopes(printSchema(plain), plain);
  for (const type of Object.values(plain.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || roots.has(type.name)) continue;
    const key = ENTITY_KEYS.get(type.name.slice(prefix.length));
    sdl = annotateType(sdl, type.name, key ? `@key(fields: "${key.fields}")` : '@shareable');
  }
  const result = `${FEDERATION_LINK}\n\n${sdl}`;
  cache.set(schema, result);
  return result;
}
