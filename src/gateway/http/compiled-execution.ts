/**
 * Compiled execution (GRAPHQL_JIT=true) with graphql-jit: each operation of a document is compiled
 * once, then run as plain functions; about 1.2–1.4× the operations per second of graphql-js on
 * the bench's list query. The compilations are kept per document and operation name (Envelop's
 * plugin, used before, kept one per document, so every later operation of a document of several
 * ran as the first one compiled), and the fast path (fast-plans.ts) runs the same ones. The gaps
 * of graphql-jit are closed here so answers stay what graphql-js gives:
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
import { mapSchema } from '@graphql-tools/utils';
import {
  BREAK,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  getOperationAST,
  getVariableValues,
  type GraphQLSchema,
  isScalarType,
  type OperationDefinitionNode,
  type ValueNode,
  visit,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';

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

/** Whether graphql-js accepts `variables` for `operation`: graphql-jit runs only those, graphql-js refuses the others with its messages. */
export function variablesAccepted(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  const definitions = operation.variableDefinitions ?? [];
  if (definitions.length === 0) return true;
  return getVariableValues(schema, definitions, variables ?? {}, { maxErrors: 1 }).errors === undefined;
}

/** Whether graphql-js accepts the operation's variables and it is no subscription (then graphql-jit may run it). */
function variablesCoerce(args: ExecutionArgs): boolean {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation || operation.operation === 'subscription') return false;
  return variablesAccepted(args.schema, operation, args.variableValues);
}

const INCREMENTAL_DIRECTIVES: ReadonlySet<string> = new Set(['defer', 'stream']);

/** Per parsed document (Yoga caches those), whether it asks for incremental delivery. */
const incremental = new WeakMap<DocumentNode, boolean>();

/** Whether the document uses `@defer` or `@stream`, which only graphql-js executes. */
export function deliversIncrementally(document: DocumentNode): boolean {
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

/** A compilation: the compiled operation, or the compiler's errors, which are the answer to it. */
export type Compilation = CompiledQuery | ExecutionResult;

/**
 * The compilations of one schema's operations, per parsed document (Yoga caches those by text)
 * and operation name: compiled on first use, dropped with their document.
 */
export class CompiledOperations {
  private readonly byDocument = new WeakMap<DocumentNode, Map<string, Compilation>>();

  /** The compilation of `document`'s operation `operationName` (its only one when absent). */
  of(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): Compilation {
    let operations = this.byDocument.get(document);
    if (!operations) {
      operations = new Map();
      this.byDocument.set(document, operations);
    }
    const key = operationName ?? '';
    let compilation = operations.get(key);
    if (!compilation) {
      compilation = compileQuery(schema, document, operationName ?? undefined);
      operations.set(key, compilation);
    }
    return compilation;
  }
}

/** Whether graphql-jit may run the operation: no incremental delivery, variables graphql-js accepts, no subscription. */
function compilable(args: ExecutionArgs): boolean {
  return !deliversIncrementally(args.document) && variablesCoerce(args);
}

/**
 * The plugin: operations graphql-jit may run are executed by their compilation; a document it
 * cannot compile is answered with the compiler's errors, which the error catalogue logs once, as
 * JSON, with the request's id.
 */
export function useCompiledExecution(compiled: CompiledOperations): Plugin {
  return {
    onExecute({ args, setExecuteFn }) {
      if (!compilable(args)) return;
      const compilation = compiled.of(args.schema, args.document, args.operationName);
      setExecuteFn((run) =>
        isCompiledQuery(compilation) ? compilation.query(run.rootValue, run.contextValue, run.variableValues) : compilation,
      );
    },
  };
}
