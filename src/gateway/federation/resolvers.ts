/**
 * `_service` and `_entities`. Representations are grouped by type, so each entity type costs one
 * batch through the request's loaders whatever the number of representations; each
 * representation fails alone (null and an error at its index), never the batch.
 */
import type { GatewayContext } from '../context.js';
import { badInput } from '../errors.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { ENTITY_KEYS, type EntityRecord } from './entity-keys.js';
import { subgraphSdl } from './subgraph-sdl.js';
import { typePrefixOf } from './type-prefix.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The records behind the representations, one promise each, in order. */
function resolveEntities(representations: readonly unknown[], prefix: string, context: GatewayContext): Promise<EntityRecord>[] {
  const argumentAt = (index: number) => `representations[${index}]`;
  const results: Promise<EntityRecord>[] = new Array(representations.length);
  const groups = new Map<string, number[]>();
  representations.forEach((representation, index) => {
    const typename = isRecord(representation) ? representation['__typename'] : undefined;
    const name = typeof typename === 'string' && typename.startsWith(prefix) ? typename.slice(prefix.length) : undefined;
    if (name === undefined || !ENTITY_KEYS.has(name)) {
      const expected = `an object whose __typename is one of ${[...ENTITY_KEYS.keys()].map((entity) => prefix + entity).join(', ')}`;
      results[index] = Promise.reject(badInput(argumentAt(index), expected, typename ?? representation));
      return;
    }
    groups.set(name, [...(groups.get(name) ?? []), index]);
  });
  for (const [name, indexes] of groups) {
    const key = ENTITY_KEYS.get(name);
    if (!key) continue;
    const keys = indexes.map((index) => {
      const representation = representations[index];
      return isRecord(representation) ? representation[key.field] : undefined;
    });
    key
      .resolve(keys, (position) => `${argumentAt(indexes[position] ?? position)}.${key.field}`, context)
      .forEach((result, position) => {
        results[indexes[position] ?? position] = result;
      });
  }
  return results;
}

export const federationResolvers: Resolvers = {
  Query: {
    _service: (_root, _args, _context, info) => ({ sdl: subgraphSdl(info.schema) }),
    _entities: (_root, args, context, info) => resolveEntities(args.representations, typePrefixOf(info.schema), context),
  },
  _Entity: {
    // The records are the vendors' own; each entity's record has a field no other one has.
    __resolveType: (entity) =>
      'TOKEN_ID' in entity ? 'Token' : 'codes' in entity ? 'Country' : 'udprn' in entity ? 'UkAddress' : 'Currency',
  },
};
