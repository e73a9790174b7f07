/**
 * Yoga plugin: adds `extensions.provenance` to each result, listing the interfaces the operation
 * reached (see provenance.ts). It watches the request's upstream client, which Mesh's resolvers
 * (`context.fetch`) and the hand-written ones and loaders (`context.upstream.get`) all share.
 */
import type { Plugin } from 'graphql-yoga';
import type { UpstreamName } from '../config.js';
import type { GatewayContext } from '../context.js';
import type { UpstreamResponse } from '../upstream/upstream-answer.js';
import type { ResolvedUpstream, UpstreamFetch } from '../upstream/upstream-fetch.js';
import { ProvenanceRecorder } from './provenance.js';

async function parsed(response: UpstreamResponse): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // A body that is not JSON says nothing about where it came from.
    return undefined;
  }
}

/** Makes the context's upstream calls report their answers to `recorder`. */
function watch(context: GatewayContext, upstreams: readonly ResolvedUpstream[], recorder: ProvenanceRecorder): void {
  const { upstream } = context;
  const fetch = context.fetch;
  const get = upstream.get.bind(upstream);
  const watchedFetch: UpstreamFetch = async (url, init) => {
    const response = await fetch(url, init);
    const name = upstreams.find((candidate) => url === candidate.url || url.startsWith(`${candidate.url}/`))?.name;
    if (name) recorder.record(name, await parsed(response));
    return response;
  };
  context.fetch = watchedFetch;
  upstream.fetch = watchedFetch;
  // Loaders hold the same client object, so replacing its method reaches them too.
  upstream.get = async <T>(name: UpstreamName, path: string, query?: Parameters<typeof get>[2]): Promise<T> => {
    const body = await get<T>(name, path, query);
    recorder.record(name, body);
    return body;
  };
}

/** The plugin; `sandboxes` are the interfaces the composition root serves from built-in sandboxes. */
export function useProvenance(upstreams: readonly ResolvedUpstream[], sandboxes: readonly UpstreamName[]): Plugin<GatewayContext> {
  const sandboxSet: ReadonlySet<UpstreamName> = new Set(sandboxes);
  return {
    onExecute({ args }) {
      const recorder = new ProvenanceRecorder(sandboxSet);
      watch(args.contextValue, upstreams, recorder);
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
