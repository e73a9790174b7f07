/** `_sdl`: the schema-stitching SDL (see docs/composition.md). */
import type { GraphModule } from '../schema/graph-module.js';
import { stitchingSdl } from './stitching-sdl.js';

export const stitchingModule: GraphModule = {
  typeDefs: [new URL('./stitching.graphql', import.meta.url)],
  resolvers: { Query: { _sdl: (_root, _args, _context, info) => stitchingSdl(info.schema) } },
};
