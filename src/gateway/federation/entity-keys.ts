/**
 * The gateway's entities by type, as the slices serving them declare them (a graph module's
 * `entities`, gathered by the composition). `entitiesPass` records the table on the schema it
 * builds, so the federation SDL, `_entities`, `_Entity` and the stitching SDL read the entities
 * of the schema they serve; this folder names no entity itself.
 */
import { GraphQLSchema } from 'graphql';
import type { EntityDeclaration } from '../schema/entity-declaration.js';
import type { SchemaPass } from '../schema/pipeline.js';

/** Entity type (unprefixed name) → its declaration; a Map, so a `__typename` such as "constructor" finds nothing. */
export type EntityKeys = ReadonlyMap<string, EntityDeclaration>;

const ENTITIES_EXTENSION = 'entities';

/** The table of `entities`, by type name (so peers see one order whatever the slices' order), refusing a type two slices both declare. */
function entityKeys(entities: readonly EntityDeclaration[]): EntityKeys {
  const keys = new Map<string, EntityDeclaration>();
  for (const entity of [...entities].sort((a, b) => (a.type < b.type ? -1 : 1))) {
    if (keys.has(entity.type)) throw new TypeError(`Entities: the type "${entity.type}" is declared twice`);
    keys.set(entity.type, entity);
  }
  return keys;
}

/** The entities' union, as `_entities` answers it: every declared type, by name. */
export function entityUnionSdl(entities: readonly EntityDeclaration[]): string {
  return `"The entities a peer subgraph may return by key."\nunion _Entity = ${[...entityKeys(entities).keys()].join(' | ')}\n`;
}

/** Records the declared entities on the schema, where `entityKeysOf` reads them. */
export function entitiesPass(entities: readonly EntityDeclaration[]): SchemaPass {
  const keys = entityKeys(entities);
  return {
    name: 'entities',
    requires: ['type-prefixed'],
    provides: ['entities'],
    inPlace: true,
    run: (schema) => new GraphQLSchema({ ...schema.toConfig(), extensions: { ...schema.extensions, [ENTITIES_EXTENSION]: keys } }),
  };
}

/** The entities recorded on `schema` by `entitiesPass`; none for a schema it did not run on. */
export function entityKeysOf(schema: GraphQLSchema): EntityKeys {
  const keys = schema.extensions[ENTITIES_EXTENSION];
  return keys instanceof Map ? (keys as EntityKeys) : new Map();
}
