/**
 * Yoga plugin: adds `extensions.provenance` to each result, listing the interfaces the operation
 * reached (see provenance.ts). It only reads the request's recorder, which the context was built
 * with (context.ts): the upstream pipeline reports the bodies the hand-written resolvers read, and
 * Mesh's resolvers report theirs through `context.observeAnswer` (mesh-sources.ts), so no body is
 * read twice and nothing on the context is replaced.
 */
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { UpstreamName } from '../config.js';
import type { GatewayContext } from '../context.js';
import type { ProvenanceRecorder } from './provenance.js';
import { withExtension } from '../shared/execution-result.js';

/** `result` with `extensions.provenance` when the recorder saw an interface answer; the plugin's and the fast path's step. */
export function withProvenance<T extends ExecutionResult>(
  result: T,
  recorder: ProvenanceRecorder,
  sandboxes: ReadonlySet<UpstreamName>,
): T {
  const provenance = recorder.entries(sandboxes);
  return provenance.length === 0 ? result : withExtension(result, 'provenance', provenance);
}

/** The plugin; `sandboxes` are the interfaces the composition root serves from built-in sandboxes. */
export function useProvenance(sandboxes: readonly UpstreamName[]): Plugin<GatewayContext> {
  const sandboxSet: ReadonlySet<UpstreamName> = new Set(sandboxes);
  return {
    onExecute({ args }) {
      const recorder = args.contextValue.provenance;
      if (!recorder) return;
      return {
        onExecuteDone({ result, setResult }) {
          if (Symbol.asyncIterator in result) return;
          const answered = withProvenance(result, recorder, sandboxSet);
          if (answered !== result) setResult(answered);
        },
      };
    },
  };
}
