/** Addresses, places and IP lookups resolved to interface D's full Country. */
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { placesNeeds, placesResolvers } from './resolvers.js';

export const placesModule: GraphModule = {
  typeDefs: [new URL('./places.graphql', import.meta.url)],
  resolvers: placesResolvers,
  transformSchema: declareNeeds(placesNeeds),
};
