/** Entities by key: `Country.code` and the plural root fields peers batch against. */
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { byKeyNeeds, byKeyResolvers } from './resolvers.js';

export const byKeyModule: GraphModule = {
  typeDefs: [new URL('./by-key.graphql', import.meta.url)],
  resolvers: byKeyResolvers,
  transformSchema: declareNeeds(byKeyNeeds),
  // A's tokens by id, read from its paid data.
  access: { paid: ['Query.tokensByIds'] },
};
