/**
 * Compiled execution (GRAPHQL_JIT=true) with graphql-jit through Envelop's plugin: each document
 * is compiled once, cached by its text, then run as plain functions; about 1.2–1.4× the
 * operations per second of graphql-js on the bench's list query. The gaps of graphql-jit are
 * closed here so answers stay what graphql-js gives:
 * - it reports a variable that does not coerce without the scalar's own message, so an operation
 *   whose variables graphql-js refuses runs on graphql-js, which says what was expected;
 * - it throws a plain Error for an operation type without a root type; validation refuses those
 *   first (use-input-errors.ts), as graphql-js 17 does, so both executors answer them alike;
 * - it calls a scalar's parseLiteral without variables and warns on the console for every one
 *   that declares them (graphql-js's default does); no scalar here reads variables inside a
 *   literal (there is no JSON scalar), so the schema's scalars take the literal alone;
 * - it has no incremental delivery: an operation with `@defer` or `@stream` runs on graphql-js
 *   (Yoga's executor), which sends its parts as they come;
 * - a subscription runs on graphql-js's subscribe (Yoga's), on which live data's events and their
 *   errors are built (features/live, live/use-live-events.ts).
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { mapSchema } from '@graphql-tools/utils';
import {
  BREAK,
  type DocumentNode,
  type ExecutionArgs,
  getOperationAST,
  getVariableValues,
  type GraphQLSchema,
  isScalarType,
  type ValueNode,
  visit,
} from 'graphql';

/**
 * Makes every scalar's parseLiteral take the literal alone, in place and once: copying the whole
 * schema for it was about 20 ms of every start. graphql-js answers the same with the schema
 * changed, since no scalar here reads variables inside a literal.
 */
export function forCompiledExecution(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isScalarType(type) || type.parseLiteral.length <= 1) continue;
    const parseLiteral = type.parseLiteral;
    type.parseLiteral = (node: ValueNode) => parseLiteral.call(type, node, undefined);
  }
  return schema;
}

/** A copy of `schema` ready for graphql-jit, for a schema the build pipeline did not prepare: mapSchema copies every scalar. */
export function compiledExecutionCopy(schema: GraphQLSchema): GraphQLSchema {
  return forCompiledExecution(mapSchema(schema));
}

/** Whether graphql-js accepts the operation's variables and it is no subscription (then graphql-jit may run it). */
function variablesCoerce(args: ExecutionArgs): boolean {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation || operation.operation === 'subscription') return false;
  const definitions = operation.variableDefinitions ?? [];
  if (definitions.length === 0) return true;
  return getVariableValues(args.schema, definitions, args.variableValues ?? {}, { maxErrors: 1 }).errors === undefined;
}

const INCREMENTAL_DIRECTIVES: ReadonlySet<string> = new Set(['defer', 'stream']);

/** Per parsed document (Yoga caches those), whether it asks for incremental delivery. */
const incremental = new WeakMap<DocumentNode, boolean>();

/** Whether the document uses `@defer` or `@stream`, which only graphql-js executes. */
function deliversIncrementally(document: DocumentNode): boolean {
  let found = incremental.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Directive(directive) {
        if (!INCREMENTAL_DIRECTIVES.has(directive.name.value)) return undefined;
        found = true;
        return BREAK;
      },
    });
    incremental.set(document, found);
  }
  return found;
}

/** Envelop's plugin, which Yoga's plugin list takes as it is. */
export function useCompiledExecution(): ReturnType<typeof useGraphQlJit> {
  // A document graphql-jit cannot compile answers with the compiler's errors, which the error
  // catalogue logs once, as JSON, with the request's id; the plugin's default printed them to the
  // console as well.
  return useGraphQlJit(
    {},
    { enableIf: (args) => !deliversIncrementally(args.document) && variablesCoerce(args), onError: () => undefined },
  );
}
