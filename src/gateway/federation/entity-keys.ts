/**
 * The gateway's entities by type: which types peers may point at by key, the key's field set,
 * and how a batch of representations becomes records, as the slices declare them
 * (features/by-key/entities.ts). The federation SDL, `_entities` and the stitching SDL all read
 * this one table; it names no entity itself.
 */
import { ENTITIES } from '../features/by-key/entities.js';
import type { EntityDeclaration } from '../schema/entity-declaration.js';

export type EntityKey = EntityDeclaration;

/** Entity type (unprefixed name) → its key; a Map, so a `__typename` such as "constructor" finds nothing. */
export const ENTITY_KEYS: ReadonlyMap<string, EntityKey> = new Map(ENTITIES.map((entity) => [entity.type, entity]));
