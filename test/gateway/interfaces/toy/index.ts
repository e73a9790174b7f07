/** The toy interface's hand-written additions: its fields' access; Mesh's fields serve it as they are. */
import type { GraphModule } from '../../../../src/gateway/schema/graph-module.js';

export const toyModule: GraphModule = {
  typeDefs: [],
  // The toy vendor bills each thing it looks up.
  access: { paid: ['Query.toyThing'] },
};
