/**
 * The federation v2 SDL of the served schema (what `_service { sdl }` answers): the schema as
 * served, without the subgraph and stitching fields themselves, with `@key` on every entity and
 * `@shareable` on every other object type, so a peer may define the same value type (a
 * `Money`, a `CountryNames`) and still compose.
 *
 * `@authenticated` and `@requiresScopes` are published only with FEDERATION_AUTH_DIRECTIVES:
 * composed, they link specs `for: SECURITY`, which a router that does not enforce them must
 * refuse, and `@apollo/gateway` enforces neither. The gateway enforces its scopes itself either way.
 */
import { filterSchema } from '@graphql-tools/utils';
import { GraphQLSchema, isObjectType, printSchema } from 'graphql';
import { annotateFieldScopes, PUBLISHED_DIRECTIVES } from '../callers/field-scopes.js';
import { authenticatedDirective, requiresScopesDirective } from '../callers/scope-directives.js';
import type { SchemaPass } from '../schema/pipeline.js';
import { entityKeysOf } from './entity-keys.js';
import { typePrefixOf } from './type-prefix.js';

const SCOPE_DIRECTIVES: ReadonlySet<string> = new Set([authenticatedDirective.name, requiresScopesDirective.name]);

/** The link to the federation spec version whose directives the SDL uses, with or without the scope directives. */
export function federationLink(authDirectives: boolean): string {
  const imports = ['@key', '@shareable', ...(authDirectives ? ['@authenticated', '@requiresScopes'] : []), '@cost', '@listSize'];
  return `extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: [${imports.map((name) => `"${name}"`).join(', ')}])`;
}

const AUTH_DIRECTIVES_EXTENSION = 'federationAuthDirectives';

/** Whether the subgraph SDL of `schema` carries the scope directives (recorded by `subgraphAuthDirectivesPass`). */
function publishesAuthDirectives(schema: GraphQLSchema): boolean {
  return schema.extensions[AUTH_DIRECTIVES_EXTENSION] === true;
}

/** FEDERATION_AUTH_DIRECTIVES, recorded on the schema so `_service` reads it where it reads the type prefix. */
export function subgraphAuthDirectivesPass(authDirectives: boolean): SchemaPass {
  return {
    name: 'subgraph-auth-directives',
    requires: ['field-scopes'],
    provides: ['subgraph-auth-directives'],
    inPlace: true,
    run: (schema) =>
      new GraphQLSchema({ ...schema.toConfig(), extensions: { ...schema.extensions, [AUTH_DIRECTIVES_EXTENSION]: authDirectives } }),
  };
}

/** Types and root fields that exist for composition only and are not part of the composed graph. */
export const COMPOSITION_TYPES: ReadonlySet<string> = new Set(['_Any', '_Entity', '_Service']);
export const COMPOSITION_FIELDS: ReadonlySet<string> = new Set(['_service', '_entities', '_sdl']);

/** The schema without the composition types and fields, and without the scope directives' definitions unless `scopeDirectives`. */
export function withoutCompositionFields(schema: GraphQLSchema, scopeDirectives = true): GraphQLSchema {
  const filtered = filterSchema({
    schema,
    typeFilter: (name) => !COMPOSITION_TYPES.has(name),
    rootFieldFilter: (_operation, name) => !COMPOSITION_FIELDS.has(name),
  });
  if (scopeDirectives) return filtered;
  const config = filtered.toConfig();
  return new GraphQLSchema({ ...config, directives: config.directives.filter((directive) => !SCOPE_DIRECTIVES.has(directive.name)) });
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
  const authDirectives = publishesAuthDirectives(schema);
  const plain = withoutCompositionFields(schema, authDirectives);
  const roots = new Set([plain.getQueryType(), plain.getMutationType(), plain.getSubscriptionType()].map((type) => type?.name));
  const published = authDirectives
    ? PUBLISHED_DIRECTIVES
    : new Set([...PUBLISHED_DIRECTIVES].filter((name) => !SCOPE_DIRECTIVES.has(name)));
  const entityKeys = entityKeysOf(schema);
  let sdl = annotateFieldScopes(printSchema(plain), plain, published);
  for (const type of Object.values(plain.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || roots.has(type.name)) continue;
    const key = entityKeys.get(type.name.slice(prefix.length));
    sdl = annotateType(sdl, type.name, key ? `@key(fields: "${key.fields}")` : '@shareable');
  }
  const result = `${federationLink(authDirectives)}\n\n${sdl}`;
  cache.set(schema, result);
  return result;
}
