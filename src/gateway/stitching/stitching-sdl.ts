/**
 * The stitching SDL (`_sdl`): the served schema with @graphql-tools/stitching-directives, so a
 * stitching gateway merges our entities through the plural by-key fields, batched.
 */
import { stitchingDirectives } from '@graphql-tools/stitching-directives';
import { type GraphQLSchema, printSchema } from 'graphql';
import { entityKeysOf } from '../federation/entity-keys.js';
import { annotateType, withoutCompositionFields } from '../federation/subgraph-sdl.js';
import { typePrefixOf } from '../federation/type-prefix.js';

const cache = new WeakMap<GraphQLSchema, string>();

/** The stitching SDL of `schema`, computed once per schema. */
export function stitchingSdl(schema: GraphQLSchema): string {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const prefix = typePrefixOf(schema);
  let sdl = printSchema(withoutCompositionFields(schema));
  // Each entity a stitching gateway can batch: its key, and the plural root field that fetches it by key.
  for (const { type, field: keyField, batch } of entityKeysOf(schema).values()) {
    if (!batch) continue;
    sdl = annotateType(sdl, prefix + type, `@key(selectionSet: "{ ${keyField} }")`);
    sdl = sdl.replace(new RegExp(`^(  ${batch.field}\\(.*)$`, 'm'), `$1 @merge(keyField: "${keyField}", keyArg: "${batch.keyArg}")`);
  }
  const result = `${stitchingDirectives().stitchingDirectivesTypeDefs}\n\n${sdl}`;
  cache.set(schema, result);
  return result;
}
