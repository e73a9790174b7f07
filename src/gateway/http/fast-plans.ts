/**
 * The fast path's plans (fast-path.ts): query and subscription documents Yoga has already parsed,
 * validated and let run once, by their text, each query with its graphql-jit compilation. A plan is
 * made only where Yoga's path ran its whole document checklist (limits, validation, the operation
 * type), so the fast path can run the same document again without repeating any of it: none of
 * those checks reads anything but the document. What depends on the caller (scopes, the
 * introspection policy, the quota estimate) is the request pipeline's `admit`, run every time.
 *
 * Also the way back: a fast answer with errors goes through Yoga after all (the error catalogue,
 * the status and the media type of an error answer are Yoga's), with the result already executed
 * handed over here, so no upstream is called twice.
 */
import { type DocumentNode, type ExecutionResult, getOperationAST, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { type CompiledQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import { type CompiledOperations, deliversIncrementally, variablesAccepted } from './compiled-execution.js';

/** A document the fast path may run: a query, compiled, or a subscription, whose stream graphql-js opens (live/use-live-events.ts). */
export type FastPlan =
  | {
      readonly kind: 'query';
      readonly document: DocumentNode;
      readonly operation: OperationDefinitionNode;
      readonly compiled: CompiledQuery;
    }
  | { readonly kind: 'subscription'; readonly document: DocumentNode; readonly operation: OperationDefinitionNode };

/** How many documents keep a plan; past it the oldest is dropped (a client sending ever new texts cannot grow the process). */
const DEFAULT_CAPACITY = 1_000;

/** The key of one (query text, operation name) pair; NUL cannot occur in a name. */
function planKey(query: string, operationName: string | undefined): string {
  return operationName === undefined ? query : `${operationName}\u0000${query}`;
}

export interface FastPlansOptions {
  /** The compilations Yoga's path runs (compiled-execution.ts): a plan runs the very same one. */
  compiled: CompiledOperations;
  capacity?: number;
}

/** The plans of one gateway, filled by `plugin()` as Yoga executes documents. */
export class FastPlans {
  private readonly plans = new Map<string, FastPlan>();
  private readonly capacity: number;

  constructor(private readonly options: FastPlansOptions) {
    this.capacity = options.capacity ?? DEFAULT_CAPACITY;
  }

  /** The plan of a query text and operation name Yoga has executed, if it may run fast. */
  find(query: string, operationName: string | undefined): FastPlan | undefined {
    return this.plans.get(planKey(query, operationName));
  }

  /** Whether graphql-js accepts `variables` for the plan's operation: Yoga's path lets graphql-js refuse the others, with its messages. */
  static variablesCoerce(schema: GraphQLSchema, plan: FastPlan, variables: Record<string, unknown> | undefined): boolean {
    return variablesAccepted(schema, plan.operation, variables);
  }

  /**
   * Yoga plugin, last in the list: records the text of each request's document as it is parsed,
   * and makes its plan when the document reaches execution, i.e. passed every check before it.
   */
  plugin(): Plugin {
    const texts = new WeakMap<Request, { query: string; operationName: string | undefined }>();
    return {
      // Last among the plugins, so a persisted operation's text is the one its hash named.
      onParams: ({ request, params }) => {
        if (typeof params.query !== 'string') return;
        texts.set(request, { query: params.query, operationName: params.operationName ?? undefined });
      },
      onExecute: ({ args }) => this.record(texts.get(args.contextValue.request), args.schema, args.document),
      onSubscribe: ({ args }) => this.record(texts.get(args.contextValue.request), args.schema, args.document),
    };
  }

  private record(
    text: { query: string; operationName: string | undefined } | undefined,
    schema: GraphQLSchema,
    document: DocumentNode,
  ): void {
    if (!text) return;
    const key = planKey(text.query, text.operationName);
    if (this.plans.has(key)) return;
    const plan = this.planOf(schema, document, text.operationName);
    if (!plan) return;
    if (this.plans.size >= this.capacity) this.plans.delete(this.plans.keys().next().value ?? key);
    this.plans.set(key, plan);
  }

  private planOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): FastPlan | undefined {
    const operation = getOperationAST(document, operationName);
    if (!operation || deliversIncrementally(document)) return undefined;
    if (operation.operation === 'subscription') return { kind: 'subscription', document, operation };
    if (operation.operation !== 'query') return undefined;
    const compiled = this.options.compiled.of(schema, document, operationName);
    return isCompiledQuery(compiled) ? { kind: 'query', document, operation, compiled } : undefined;
  }
}

/** A fast answer with errors, on its way through Yoga: the request's state (its context among it) and its result. */
export interface HandedOver<TState> {
  readonly state: TState;
  readonly result: ExecutionResult;
}

/** Fast answers with errors handed over to Yoga, by node request. */
export class Handovers<TState> {
  private readonly handed = new WeakMap<object, HandedOver<TState>>();

  give(nodeRequest: object, handover: HandedOver<TState>): void {
    this.handed.set(nodeRequest, handover);
  }

  /** The handover of a node request, if the fast path made one. */
  of(nodeRequest: unknown): HandedOver<TState> | undefined {
    return typeof nodeRequest === 'object' && nodeRequest !== null ? this.handed.get(nodeRequest) : undefined;
  }

  /**
   * Yoga plugin, after compiled execution: an operation handed over is not executed again; its
   * result, already computed by the fast path, goes through every later step as Yoga's own would.
   */
  plugin(): Plugin {
    return {
      onExecute: ({ args, setExecuteFn }) => {
        const handover = this.of(Reflect.get(args.contextValue, 'req'));
        if (!handover) return;
        setExecuteFn(() => handover.result);
      },
      onSubscribe: ({ args, setSubscribeFn }) => {
        const handover = this.of(Reflect.get(args.contextValue, 'req'));
        if (!handover) return;
        setSubscribeFn(() => handover.result);
      },
    };
  }
}
