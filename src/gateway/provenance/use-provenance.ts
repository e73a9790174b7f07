/**
 * Yoga plugin: adds `extensions.provenance` to each result, listing the interfaces the operation
 * reached (see provenance.ts). It reads the bodies the resolvers have already parsed, never the
 * bytes again: Mesh's resolvers report theirs through `context.observeAnswer` (mesh-sources.ts),
 * and the hand-written ones and loaders get theirs from the request's client (`upstream.get`).
 */
import type { Plugin } from 'graphql-yoga';
import type { UpstreamName } from '../config.js';
import type { GatewayContext } from '../context.js';
import { ProvenanceRecorder } from './provenance.js';

/** Makes the context's upstream answers report to `recorder`. */
function watch(context: GatewayContext, recorder: ProvenanceRecorder): void {
  const { upstream } = context;
  const get = upstream.get.bind(upstream);
  context.observeAnswer = (name, body) => recorder.record(name, body);
  // Loaders hold the same client object, so replacing its method reaches them too.
  upstream.get = async <T>(name: UpstreamName, path: string, query?: Parameters<typeof get>[2]): Promise<T> => {
    const body = await get<T>(name, path, query);
    recorder.record(name, body);
    return body;
  };
}

/** The plugin; `sandboxes` are the interfaces the composition root serves from built-in sandboxes. */
export function useProvenance(sandboxes: readonly UpstreamName[]): Plugin<GatewayContext> {
  const sandboxSet: ReadonlySet<UpstreamName> = new Set(sandboxes);
  return {
    onExecute({ args }) {
      const recorder = new ProvenanceRecorder(sandboxSet);
      watch(args.contextValue, recorder);
      return {
        onExecuteDone({ result, setResult }) {
          const provenance = recorder.entries();
          if (provenance.length === 0 || Symbol.asyncIterator in result) return;
          setResult({ ...result, extensions: { ...result.extensions, provenance } });
        },
      };
    },
  };
}
