/**
 * What one slice of the hand-written graph contributes to the schema: an interface's own
 * additions, or one cross-interface feature. Modules never import the schema builder; the
 * builder receives the list (see ../graph-modules.ts), so the dependency points one way.
 */
import type { IResolvers } from '@graphql-tools/utils';
import type { ArgumentScalars } from './argument-scalars.js';
import type { EnvelopePath } from './unwrap-envelopes.js';

export interface GraphModule {
  /** The module's SDL files, read when the schema is built (never at import). */
  typeDefs: readonly URL[];
  resolvers?: IResolvers;
  /** Root fields whose vendor envelope is unwrapped, with the path to what is inside. */
  envelopes?: Readonly<Record<string, EnvelopePath>>;
  /** Mesh-generated arguments that take a domain scalar (`Type.field.argument`). */
  argumentScalars?: ArgumentScalars;
}
