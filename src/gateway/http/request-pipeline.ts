/**
 * The request pipeline, declared: an ordered list of steps, each one feature written once (the
 * caller's identity, the rate limit, scopes, tracing, cost ...), each saying what it requires of
 * the steps before it and what it provides to those after. It is checked when the gateway is
 * composed (server.ts), and printed by `printRequestPipeline`, as the schema pipeline is.
 *
 * Two drivers run it. Yoga's path runs each step's plugins (its adapter). The fast path
 * (fast-path.ts) runs each step's fast hooks on the requests it takes: `arrive` once the request
 * is read (identity, the rate limit: may send the request to Yoga's path, which then answers it
 * with what the step settled), `admit` once its operation is known (scopes, introspection: a
 * refusal goes to Yoga's path, whose same rule refuses it), `execute` once it is to be executed,
 * that is not answered from the whole-operation cache (the quota estimate: a hit spends none),
 * `answered` once it is answered (the span's error codes). A step with no fast hooks says why the
 * requests the fast path takes need none; the check refuses a step that says neither, so no
 * feature can be left off the fast path unnoticed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Caller } from '../callers/caller.js';
import type { GatewayContext } from '../context.js';
import type { ServerSpan } from '../ops/tracing/server-span.js';
import type { HeaderReader } from '../upstream/upstream-fetch.js';

/** A plugin of Yoga's adapter, typed for any context, the gateway's own, or a record (as createYoga takes them). */
export type YogaPlugin = Plugin | Plugin<GatewayContext> | Plugin<Record<string, unknown>>;

/** One request on the fast path, as its steps see it. */
export interface Exchange {
  readonly nodeRequest: IncomingMessage;
  /** Where its answer goes; `close` is the end of the request, whichever path answered it. */
  readonly response: ServerResponse;
  readonly headers: HeaderReader;
  readonly method: string;
  readonly requestId: string;
  /** The caller's address (the socket's, or a trusted proxy's X-Forwarded-For). */
  readonly address: string | undefined;
  /** Anonymous by its address until the identity step settles it. */
  caller: Caller;
  /** Its server span, once the tracing step has started one (OTEL_*). */
  trace?: ServerSpan;
  /** Fields every answer to this request carries (the RateLimit pair), as they are added. */
  readonly answerHeaders: [string, string][];
  /**
   * How each step hands what it settled (the caller, the rate decision) to Yoga's adapter, run only
   * if the fast path hands the request over: a request the fast path answers, an open subscription
   * above all, leaves nothing kept by its node request.
   */
  readonly handOvers: (() => void)[];
  /** Set once its answered hooks have run (FastPipeline.answered): they run once per request. */
  answered?: true;
}

/** The operation a request runs, as `admit` sees it before execution. */
export interface AdmittedOperation {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly operationName: string | undefined;
}

/** What a step's fast hook decides: go on, or hand the request to Yoga's path to be answered there. */
export type Verdict = 'continue' | 'yoga';

export interface FastHooks {
  arrive?(exchange: Exchange): Verdict | Promise<Verdict>;
  admit?(exchange: Exchange, admitted: AdmittedOperation): Verdict | Promise<Verdict>;
  /** Once the admitted operation is to be executed (not answered from the whole-operation cache). */
  execute?(exchange: Exchange, admitted: AdmittedOperation): Verdict | Promise<Verdict>;
  /** Once the answer is written (or handed over): what the step records of it. */
  answered?(exchange: Exchange, result: ExecutionResult | undefined): void;
}

export interface RequestStep {
  /** Kebab-case, as printed and as the check's errors name it. */
  readonly name: string;
  readonly requires: readonly string[];
  readonly provides: readonly string[];
  /** Yoga's adapter: the plugins that run this step on Yoga's path, in order. */
  readonly yoga: readonly YogaPlugin[];
  /** The fast path's part, or why the requests the fast path takes need none. */
  readonly fast: FastHooks | { readonly notNeeded: string };
}

function hooksOf(step: RequestStep): FastHooks | undefined {
  return 'notNeeded' in step.fast ? undefined : step.fast;
}

/** Throws, naming the step, when its order breaks a declaration or it leaves the fast path unaccounted for. */
export function checkRequestPipeline(steps: readonly RequestStep[]): void {
  const provided = new Set<string>();
  const names = new Set<string>();
  for (const step of steps) {
    if (names.has(step.name)) throw new TypeError(`Request pipeline: the step "${step.name}" is listed twice`);
    names.add(step.name);
    const missing = step.requires.filter((fact) => !provided.has(fact));
    if (missing.length > 0) {
      throw new TypeError(`Request pipeline: the step "${step.name}" requires ${missing.join(', ')}, which no earlier step provides`);
    }
    const hooks = hooksOf(step);
    if (hooks ? Object.keys(hooks).length === 0 : !('notNeeded' in step.fast) || step.fast.notNeeded.trim() === '') {
      throw new TypeError(`Request pipeline: the step "${step.name}" has no fast hooks and says not why the fast path needs none`);
    }
    for (const fact of step.provides) provided.add(fact);
  }
}

/** The pipeline as text: one line per step, with what it requires and provides and how each driver runs it. */
export function printRequestPipeline(steps: readonly RequestStep[]): string {
  return steps
    .map((step, index) => {
      const hooks = hooksOf(step);
      const fast = hooks
        ? `fast: ${Object.keys(hooks).join(', ')}`
        : `fast: not needed (${'notNeeded' in step.fast ? step.fast.notNeeded : ''})`;
      const facts = `${step.requires.join(', ') || '-'} -> ${step.provides.join(', ') || '-'}`;
      return `${String(index + 1).padStart(2)}. ${step.name}  [${facts}]  yoga: ${step.yoga.length} plugin(s); ${fast}`;
    })
    .join('\n');
}

/** A hook that decides whether the request goes on: `admitted` is the operation, or nothing on arrival. */
type Deciding<A> = (exchange: Exchange, admitted: A) => Verdict | Promise<Verdict>;

/**
 * `hooks` from `from` on, in order, until one says 'yoga'. A hook that decides at once is not
 * awaited: most of a request's hooks are synchronous, and each await is a turn of the microtask
 * queue on every request. The hooks are called with the request's own arguments, so a request
 * makes no closure or iterator here.
 */
function inOrder<A>(hooks: readonly Deciding<A>[], from: number, exchange: Exchange, admitted: A): Verdict | Promise<Verdict> {
  for (let index = from; index < hooks.length; index += 1) {
    const verdict = (hooks[index] as Deciding<A>)(exchange, admitted);
    if (typeof verdict !== 'string') {
      return verdict.then((settled) => (settled === 'yoga' ? settled : inOrder(hooks, index + 1, exchange, admitted)));
    }
    if (verdict === 'yoga') return verdict;
  }
  return 'continue';
}

/** The pipeline's fast hooks in order, as the fast path runs them. */
export class FastPipeline {
  private readonly arrivals: NonNullable<FastHooks['arrive']>[];
  private readonly admissions: NonNullable<FastHooks['admit']>[];
  private readonly executions: NonNullable<FastHooks['execute']>[];
  private readonly endings: NonNullable<FastHooks['answered']>[];

  constructor(steps: readonly RequestStep[]) {
    checkRequestPipeline(steps);
    const hooks = steps.flatMap((step) => hooksOf(step) ?? []);
    this.arrivals = hooks.flatMap((hook) => (hook.arrive ? [hook.arrive.bind(hook)] : []));
    this.admissions = hooks.flatMap((hook) => (hook.admit ? [hook.admit.bind(hook)] : []));
    this.executions = hooks.flatMap((hook) => (hook.execute ? [hook.execute.bind(hook)] : []));
    this.endings = hooks.flatMap((hook) => (hook.answered ? [hook.answered.bind(hook)] : []));
  }

  /** The arrival hooks in order, until one sends the request to Yoga's path. */
  arrive(exchange: Exchange): Verdict | Promise<Verdict> {
    return inOrder(this.arrivals, 0, exchange, undefined);
  }

  /** The admission hooks in order, until one refuses (Yoga's path then refuses it with the same rule). */
  admit(exchange: Exchange, admitted: AdmittedOperation): Verdict | Promise<Verdict> {
    return inOrder(this.admissions, 0, exchange, admitted);
  }

  /** The execution hooks in order, once the operation is to run, until one refuses (as `admit`'s). */
  execute(exchange: Exchange, admitted: AdmittedOperation): Verdict | Promise<Verdict> {
    return inOrder(this.executions, 0, exchange, admitted);
  }

  /** The answered hooks, once per request whatever happens after (a failure after the answer is written). */
  answered(exchange: Exchange, result: ExecutionResult | undefined): void {
    if (exchange.answered) return;
    exchange.answered = true;
    for (const answered of this.endings) answered(exchange, result);
  }
}
