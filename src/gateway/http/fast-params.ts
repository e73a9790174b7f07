/**
 * The parameters of a GraphQL request as the fast path (fast-path.ts) reads them, and the
 * requests clients repeat, recognised by their text.
 *
 * A frontend sends the same few bodies over and over (the same query, the same variables), and
 * on a whole-operation cache hit reading one again was a large part of the answer's time: the
 * JSON parse, the checks below, the plan's lookup by the query's text and the cache key's hash of
 * document and variables (issue 35). `RepeatedRequests` remembers, by the exact text of a body or
 * a GET's target, the parameters read from it and what was worked out from them, so a repeated
 * request starts where the last one left off. Only the text is trusted: a different byte is a
 * different request, read afresh.
 */
import type { FastPlan } from './fast-plans.js';
import { namedOperation } from './request-log.js';
import { ForgetfulMemo } from '../shared/forgetful-memo.js';
import { isPlainObject, MAX_NESTING, nestsDeeperThan } from './request-parameters.js';

/**
 * The parameters of a GraphQL request the fast path runs: a query text, or the hash of a persisted
 * one (the documents file, or a registered APQ) with no text beside it; an operation name; variables.
 */
export interface FastParams {
  readonly query: string | undefined;
  readonly persistedHash: string | undefined;
  readonly operationName: string | undefined;
  readonly variables: Readonly<Record<string, unknown>> | undefined;
}

/**
 * `extensions` the fast path takes: none, or exactly `{ persistedQuery: { version: 1, sha256Hash } }`
 * (Apollo's APQ and persisted documents); its hash, null for none, or undefined for anything else.
 */
function persistedHashOf(extensions: unknown): string | null | undefined {
  if (extensions === undefined || extensions === null) return null;
  if (!isPlainObject(extensions) || Object.keys(extensions).length !== 1) return undefined;
  const persisted = extensions['persistedQuery'];
  if (!isPlainObject(persisted) || Object.keys(persisted).length !== 2 || persisted['version'] !== 1) return undefined;
  const hash = persisted['sha256Hash'];
  return typeof hash === 'string' && hash !== '' ? hash : undefined;
}

/** The request's parameters, or undefined for anything Yoga would answer otherwise (an error, another extension, an unknown key). */
export function fastParams(body: unknown): FastParams | undefined {
  if (!isPlainObject(body)) return undefined;
  for (const key in body) {
    if (key !== 'query' && key !== 'operationName' && key !== 'variables' && key !== 'extensions') return undefined;
  }
  const { query, operationName, variables, extensions } = body;
  const persistedHash = persistedHashOf(extensions);
  if (persistedHash === undefined) return undefined;
  // A text with a hash registers it (APQ): Yoga's path does that.
  if (persistedHash === null ? typeof query !== 'string' : query !== undefined && query !== null) return undefined;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) return undefined;
  // Coercing them would recurse as deep as they nest: Yoga's path refuses them first.
  if (nestsDeeperThan(variables, MAX_NESTING)) return undefined;
  return {
    query: typeof query === 'string' ? query : undefined,
    persistedHash: persistedHash ?? undefined,
    operationName: operationName ?? undefined,
    variables: variables ?? undefined,
  };
}

/** A GET's parameters, read as Yoga reads them (the first of each name; empty is absent; variables and extensions as JSON). */
export function getParams(target: string): FastParams | undefined {
  const search = new URLSearchParams(target.slice(target.indexOf('?') + 1));
  const json = (name: string): unknown => {
    const text = search.get(name);
    return text ? JSON.parse(text) : undefined;
  };
  try {
    return fastParams(
      Object.fromEntries(
        Object.entries({
          query: search.get('query') || undefined,
          operationName: search.get('operationName') || undefined,
          variables: json('variables'),
          extensions: json('extensions'),
        }).filter(([, value]) => value !== undefined),
      ),
    );
  } catch {
    return undefined;
  }
}

/** A POST body's parameters; undefined for a body that is not JSON or not one the fast path takes. */
function bodyParams(text: string): FastParams | undefined {
  try {
    return fastParams(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * One request text the fast path has read: its parameters, shared by every request sending the
 * same text (frozen: nothing may change them for the next), and its plan once one was found and
 * its variables coerce. The object itself stands for its document, operation name and variables
 * where a result of them is remembered (the whole-operation cache's keys, operation-answers.ts).
 */
export interface RepeatedRequest {
  readonly params: FastParams;
  /** The operation the request log names (request-log.ts `namedOperation`). */
  readonly logName: string | undefined;
  plan: FastPlan | undefined;
}

/** Texts remembered at most; past it they are forgotten together and remembered anew as they recur. */
const REMEMBERED_TEXTS = 512;
/** Longer texts are read every time: 512 texts hold at most 2 MiB (4 MiB of two-byte text), besides what was read from them. */
const LONGEST_REMEMBERED_TEXT = 4096;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The request texts (POST bodies and GET targets) seen lately, each with what was read from it
 * (a forgetful memo: one Map read for a repeated text). A client whose every body is new
 * (variables that change) pays a Map write and a freeze of its parameters per request.
 */
export class RepeatedRequests {
  private readonly bodies = new ForgetfulMemo<string, RepeatedRequest | null>(REMEMBERED_TEXTS);
  private readonly targets = new ForgetfulMemo<string, RepeatedRequest | null>(REMEMBERED_TEXTS);

  /** What a POST body's text says, or undefined when the fast path does not take it. */
  ofBody(text: string): RepeatedRequest | undefined {
    return this.read(this.bodies, text, bodyParams);
  }

  /** What a GET's target (path and query string) says, or undefined when the fast path does not take it. */
  ofTarget(target: string): RepeatedRequest | undefined {
    return this.read(this.targets, target, getParams);
  }

  private read(
    known: ForgetfulMemo<string, RepeatedRequest | null>,
    text: string,
    parse: (text: string) => FastParams | undefined,
  ): RepeatedRequest | undefined {
    const found = known.get(text);
    if (found !== undefined) return found ?? undefined;
    const params = parse(text);
    const request = params
      ? { params: deepFreeze(params), logName: namedOperation(params.operationName, params.query), plan: undefined }
      : undefined;
    if (text.length <= LONGEST_REMEMBERED_TEXT) known.remember(text, request ?? null);
    return request;
  }
}
