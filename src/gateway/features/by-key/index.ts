/**
 * Entities by key: `Country.code` and the plural root fields peers batch against, and a malformed
 * country code in a variable failing only the fields that take it (shared/refused-key.ts).
 */
import { KEY_SCALARS } from '../../schema/domain-scalars.js';
import type { GraphModule } from '../../schema/graph-module.js';
import { failRefusedKeysAlone } from '../../shared/refused-key.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { BY_KEY_ENTITIES } from './entities.js';
import { byKeyNeeds, byKeyResolvers } from './resolvers.js';

export const byKeyModule: GraphModule = {
  typeDefs: [new URL('./by-key.graphql', import.meta.url)],
  resolvers: byKeyResolvers,
  transformSchema: (schema) => failRefusedKeysAlone(declareNeeds(byKeyNeeds)(schema), KEY_SCALARS),
  // A's tokens by id, read from its paid data.
  access: { paid: ['Query.tokensByIds'] },
  entities: BY_KEY_ENTITIES,
};
