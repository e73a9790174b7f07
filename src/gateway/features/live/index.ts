/** Live data: the Subscription root over the moving parts of A, B and D (see ../../live/ for the polls). */
import type { GraphModule } from '../../schema/graph-module.js';
import { liveResolvers } from './resolvers.js';

export { LIVE_FIELD_INTERFACES } from './field-interfaces.js';

export const liveModule: GraphModule = {
  typeDefs: [new URL('./live.graphql', import.meta.url)],
  resolvers: liveResolvers,
};
