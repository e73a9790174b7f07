/**
 * The GraphQL side of live data's "only what changed": every event of a subscription is the
 * subscriber's own selection executed on the key's new value; this plugin serialises it, sends it
 * only when it differs from the last one sent on that stream, and passes its errors through the
 * error catalogue (the catalogue's own hook sees only single results). A poll whose value changed
 * where no subscriber looks costs them nothing on the wire.
 */
import { type ExecutionResult, getOperationAST, type GraphQLError, Kind } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { maskError } from '../http/mask-error.js';
import type { Logger } from '../logger.js';
import { requestIdOf } from '../ops/request-id.js';

/** What the plugin reports (metrics.ts implements it), labelled by the interface the field follows. */
export interface LiveEventObserver {
  liveEvent(upstream: string, sent: boolean): void;
}

export interface LiveEventsOptions {
  logger: Logger;
  observer?: LiveEventObserver | undefined;
  /** The interface a Subscription root field follows (for the metrics' label). */
  interfaceOf(field: string): string | undefined;
}

type Results = AsyncIterableIterator<ExecutionResult> | AsyncGenerator<ExecutionResult>;

/** `source` without the events equal to the one before, each with its errors catalogued. */
function changesOnly(source: Results, publish: (result: ExecutionResult) => ExecutionResult, counted: (sent: boolean) => void): Results {
  let last: string | undefined;
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      for (;;) {
        const step = await source.next();
        if (step.done) return step;
        const result = publish(step.value);
        const text = JSON.stringify(result);
        const sent = text !== last;
        counted(sent);
        if (!sent) continue;
        last = text;
        return { done: false, value: result };
      }
    },
    // Straight to the source, so a client that leaves frees its key now, not at the next event.
    return: async () => (source.return ? source.return(undefined) : { done: true, value: undefined }),
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/** Yoga plugin: subscription events are sent only when they changed, with catalogued errors. */
export function useLiveEvents(options: LiveEventsOptions): Plugin {
  return {
    onSubscribe({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const root = operation?.selectionSet.selections.find((selection) => selection.kind === Kind.FIELD);
      const upstream = (root?.kind === Kind.FIELD && options.interfaceOf(root.name.value)) || 'other';
      const requestId = requestIdOf(args.contextValue.request);
      const catalogued = (result: ExecutionResult): ExecutionResult =>
        result.errors?.length
          ? { ...result, errors: result.errors.map((error: GraphQLError) => maskError(error, options.logger, requestId)) }
          : result;
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isAsyncIterable(result)) return;
          setResult(changesOnly(result, catalogued, (sent) => options.observer?.liveEvent(upstream, sent)));
        },
      };
    },
  };
}
