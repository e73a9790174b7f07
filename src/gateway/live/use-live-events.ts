/**
 * The GraphQL side of live data. Each subscriber takes its own subscription slot
 * (MAX_SUBSCRIPTIONS_*) on its own request, after identity, rate limit and scopes have passed it,
 * then joins the shared execution of its document, variables and credentials (shared-live.ts):
 * every event is executed once for all of them, its errors passed through the error catalogue (the
 * catalogue's own hook sees only single results), and sent only when what they selected changed.
 * A poll whose value changed where no subscriber looks costs them nothing on the wire.
 */
import { createHash } from 'node:crypto';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  getOperationAST,
  type GraphQLError,
  Kind,
  locatedError,
  print,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { maskError } from '../http/mask-error.js';
import type { Logger } from '../logger.js';
import { requestIdOf } from '../ops/request-id.js';
import { findLiveSession, type LiveSession } from './live-session.js';
import { type LiveEventObserver, SharedLive } from './shared-live.js';
import { canonicalJson } from '../shared/canonical-json.js';

export type { LiveEventObserver } from './shared-live.js';

export interface LiveEventsOptions {
  logger: Logger;
  observer?: LiveEventObserver | undefined;
  /** The interface a Subscription root field follows (for the metrics' label). */
  interfaceOf(field: string): string | undefined;
}

/** Printed once per parsed document (Yoga caches those by their text). */
const printed = new WeakMap<DocumentNode, string>();

function documentText(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/**
 * What makes two subscriptions' events the same: the document, the operation, the variables and
 * the credentials sent upstream (the only part of a subscriber's request an event's execution reads).
 */
function groupKey(args: ExecutionArgs, session: LiveSession): string {
  const credentials = [...session.runtime.credentials(session.headers)].map(([name, value]) => `${name}:${value}`).join('\n');
  return createHash('sha256')
    .update(documentText(args.document))
    .update(`\0${args.operationName ?? ''}\0${canonicalJson(args.variableValues ?? {})}\0${credentials}`)
    .digest('base64url');
}

/** What a subscription's stream is opened with: its execution's arguments (the context among them) and the session and id of its request. */
export interface LiveSubscription {
  args: ExecutionArgs;
  session: LiveSession;
  requestId: string | undefined;
}

/**
 * The subscriptions of one gateway: each takes its slot and joins its group's shared execution,
 * whether Yoga's path opens it (`plugin`) or the fast path (http/fast-path.ts) does (`subscribe`).
 */
export class LiveEvents {
  private readonly shared: SharedLive;

  constructor(private readonly options: LiveEventsOptions) {
    this.shared = new SharedLive(options);
  }

  /**
   * Opens `subscription`'s stream, `subscribeFn` running the operation once for its group; the
   * refusal (a full slot, a bad argument) is a result. Undefined for an operation whose root is no
   * field (then it runs on its own).
   */
  subscribe(
    { args, session, requestId }: LiveSubscription,
    subscribeFn: (
      args: ExecutionArgs,
    ) => Promise<ExecutionResult | AsyncIterable<ExecutionResult>> | ExecutionResult | AsyncIterable<ExecutionResult>,
  ): Promise<ExecutionResult | AsyncIterableIterator<ExecutionResult>> | undefined {
    const operation = getOperationAST(args.document, args.operationName);
    const root = operation?.selectionSet.selections.find((selection): selection is FieldNode => selection.kind === Kind.FIELD);
    if (!root) return undefined;
    const upstream = this.options.interfaceOf(root.name.value) ?? 'other';
    const catalogue = (result: ExecutionResult): ExecutionResult =>
      result.errors?.length
        ? { ...result, errors: result.errors.map((error: GraphQLError) => maskError(error, this.options.logger, requestId)) }
        : result;
    let release: () => void;
    try {
      release = session.runtime.limits.acquire(session.connection, session.caller);
    } catch (error) {
      // As a refusal from the field's own subscribe would read.
      return Promise.resolve({ errors: [locatedError(error, [root], [root.alias?.value ?? root.name.value])] });
    }
    return this.shared.join(
      {
        key: groupKey(args, session),
        upstream,
        // A context of its own: the opener's is its request's, and the shared execution renews
        // its per-event state (live-stream.ts) for everyone of the group.
        open: async () => subscribeFn({ ...args, contextValue: { ...(args.contextValue as object) } }),
        catalogue,
      },
      release,
    );
  }

  /** Yoga plugin: subscriptions share one execution per event, sent only when they changed, with catalogued errors. */
  plugin(): Plugin {
    return {
      onSubscribe: ({ args, subscribeFn, setSubscribeFn }) => {
        const session = findLiveSession(args.contextValue);
        if (!session) return;
        const requestId = requestIdOf(args.contextValue.request);
        setSubscribeFn(
          (subscribeArgs) => this.subscribe({ args: subscribeArgs, session, requestId }, subscribeFn) ?? subscribeFn(subscribeArgs),
        );
      },
    };
  }
}
