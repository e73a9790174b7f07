/** The toy interface's hand-written additions: none; Mesh's fields serve it as they are. */
import type { GraphModule } from '../../../../src/gateway/schema/graph-module.js';

export const toyModule: GraphModule = { typeDefs: [] };
