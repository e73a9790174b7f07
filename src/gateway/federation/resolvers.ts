/**
 * `_service` and `_entities`. Representations are grouped by type, so each entity type costs one
 * batch through the request's loaders whatever the number of representations; each
 * representation fails alone (null and an error at its index), never the batch.
 */
import type { GatewayContext } from '../context.js';
import { badInput } from '../errors.js';
import type { _Entity, Resolvers, ResolversParentTypes } from '../generated/resolvers-types.js';
import { entityKeysOf, type EntityKeys } from './entity-keys.js';
import { subgraphSdl } from './subgraph-sdl.js';
import { typePrefixOf } from './type-prefix.js';

/** The `_Entity` union's records and member names, as the generated resolver types have them. */
type EntityRecord = ResolversParentTypes['_Entity'];
type EntityTypename = NonNullable<_Entity['__typename']>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The records behind the representations, one promise each, in order. */
function resolveEntities(
  representations: readonly unknown[],
  entityKeys: EntityKeys,
  prefix: string,
  context: GatewayContext,
): Promise<EntityRecord>[] {
  const argumentAt = (index: number) => `representations[${index}]`;
  const results: Promise<EntityRecord>[] = new Array(representations.length);
  const groups = new Map<string, number[]>();
  representations.forEach((representation, index) => {
    const typename = isRecord(representation) ? representation['__typename'] : undefined;
    const name = typeof typename === 'string' && typename.startsWith(prefix) ? typename.slice(prefix.length) : undefined;
    if (name === undefined || !entityKeys.has(name)) {
      const expected = `an object whose __typename is one of ${[...entityKeys.keys()].map((entity) => prefix + entity).join(', ')}`;
      results[index] = Promise.reject(badInput(argumentAt(index), expected, typename ?? representation));
      return;
    }
    groups.set(name, [...(groups.get(name) ?? []), index]);
  });
  for (const [name, indexes] of groups) {
    const key = entityKeys.get(name);
    if (!key) continue;
    const keys = indexes.map((index) => {
      const representation = representations[index];
      return isRecord(representation) ? representation[key.field] : undefined;
    });
    key
      .resolve(keys, (position) => `${argumentAt(indexes[position] ?? position)}.${key.field}`, context)
      .forEach((result, position) => {
        // A declaration's lookup answers its own entity's vendor records, which the union holds.
        results[indexes[position] ?? position] = result as Promise<EntityRecord>;
      });
  }
  return results;
}

export const federationResolvers: Resolvers = {
  Query: {
    _service: (_root, _args, _context, info) => ({ sdl: subgraphSdl(info.schema) }),
    _entities: (_root, args, context, info) =>
      resolveEntities(args.representations, entityKeysOf(info.schema), typePrefixOf(info.schema), context),
  },
  _Entity: {
    // The records are the vendors' own; each entity's declaration knows its own by a field no other one has.
    __resolveType: (entity, _context, info) =>
      [...entityKeysOf(info.schema).values()].find((key) => key.owns(entity))?.type as EntityTypename,
  },
};
