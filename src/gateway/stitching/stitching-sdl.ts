/**
 * The stitching SDL (`_sdl`): the served schema with @graphql-tools/stitching-directives, so a
 * stitching gateway merges our entities through the plural by-key fields, batched.
 */
import { stitchingDirectives } from '@graphql-tools/stitching-directives';
import { type GraphQLSchema, printSchema } from 'graphql';
import { ENTITY_KEYS } from '../federation/entity-keys.js';
import { annotateType, withoutCompositionFields } from '../federation/subgraph-sdl.js';
import { typePrefixOf } from '../federation/type-prefix.js';

/** Entity (unprefixed) → its key field and the plural root field that fetches it by key, as the entities declare them. */
const MERGED: readonly { type: string; keyField: string; field: string; keyArg: string }[] = [...ENTITY_KEYS.values()].flatMap(
  ({ type, field: keyField, batch }) => (batch ? [{ type, keyField, field: batch.field, keyArg: batch.keyArg }] : []),
);

const cache = new WeakMap<GraphQLSchema, string>();

/** The stitching SDL of `schema`, computed once per schema. */
export function stitchingSdl(schema: GraphQLSchema): string {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const prefix = typePrefixOf(schema);
  let sdl = printSchema(withoutCompositionFields(schema));
  for (const { type, keyField, field, keyArg } of MERGED) {
    sdl = annotateType(sdl, prefix + type, `@key(selectionSet: "{ ${keyField} }")`);
    sdl = sdl.replace(new RegExp(`^(  ${field}\\(.*)$`, 'm'), `$1 @merge(keyField: "${keyField}", keyArg: "${keyArg}")`);
  }
  const result = `${stitchingDirectives().stitchingDirectivesTypeDefs}\n\n${sdl}`;
  cache.set(schema, result);
  return result;
}
