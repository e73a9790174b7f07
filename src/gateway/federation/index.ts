/** The Apollo Federation v2 subgraph fields: `_service` and `_entities` (see docs/composition.md). */
import type { GraphModule } from '../schema/graph-module.js';
import { federationResolvers } from './resolvers.js';

export const federationModule: GraphModule = {
  typeDefs: [new URL('./federation.graphql', import.meta.url)],
  resolvers: federationResolvers,
};
