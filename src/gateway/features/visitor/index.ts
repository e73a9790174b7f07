/** `visitor`: the caller's country, currency, rates and device in one query. */
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { visitorNeeds, visitorResolvers } from './resolvers.js';

export const visitorModule: GraphModule = {
  typeDefs: [new URL('./visitor.graphql', import.meta.url)],
  resolvers: visitorResolvers,
  transformSchema: declareNeeds(visitorNeeds),
};
