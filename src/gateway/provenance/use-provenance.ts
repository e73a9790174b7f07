/**
 * Yoga plugin: adds `extensions.provenance` to each result, listing the interfaces the operation
 * reached (see provenance.ts). It only reads the request's recorder, which the context was built
 * with (context.ts): the upstream pipeline reports the bodies the hand-written resolvers read, and
 * Mesh's resolvers report theirs through `context.observeAnswer` (mesh-sources.ts), so no body is
 * read twice and nothing on the context is replaced.
 */
import type { Plugin } from 'graphql-yoga';
import type { UpstreamName } from '../config.js';
import type { GatewayContext } from '../context.js';

/** The plugin; `sandboxes` are the interfaces the composition root serves from built-in sandboxes. */
export function useProvenance(sandboxes: readonly UpstreamName[]): Plugin<GatewayContext> {
  const sandboxSet: ReadonlySet<UpstreamName> = new Set(sandboxes);
  return {
    onExecute({ args }) {
      const recorder = args.contextValue.provenance;
      if (!recorder) return;
      return {
        onExecuteDone({ result, setResult }) {
          const provenance = recorder.entries(sandboxSet);
          if (provenance.length === 0 || Symbol.asyncIterator in result) return;
          setResult({ ...result, extensions: { ...result.extensions, provenance } });
        },
      };
    },
  };
}
