/**
 * What one request may cost, checked before any upstream call: the query's size and tokens, its
 * depth, aliases and directives (graphql-armor's rules, re-coded into the catalogue), bounded
 * introspection, and the fan-out budget's estimate. Each refusal is HTTP 400 (413 for size)
 * with its own code and a message that names the limit and the value seen.
 */
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import {
  type ASTVisitor,
  type FieldNode,
  getOperationAST,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type GraphQLError,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type LimitCode, limitError } from '../errors.js';
import { estimateUpstreamCalls, type FanOutBudget } from './fan-out.js';
import type { OperationLimits } from './limits-config.js';

const INTROSPECTION_ROOTS: ReadonlySet<string> = new Set(['__schema', '__type']);

/** armor's onReject callback: report the refusal under our code instead of its "Syntax Error". */
function reject(code: LimitCode, variable: string) {
  return [
    (context: ValidationContext | null, error: GraphQLError): void => {
      const refusal = limitError(code, `${error.message.replace(/^Syntax Error: /, '')} (${variable})`);
      // max-tokens runs in the parser, where there is no validation context to report to.
      if (!context) throw refusal;
      context.reportError(refusal);
    },
  ];
}

function selectionDepth(selectionSet: SelectionSetNode | undefined, context: ValidationContext, seen: ReadonlySet<string>): number {
  let deepest = 0;
  for (const selection of selectionSet?.selections ?? []) {
    let depth = 0;
    if (selection.kind === Kind.FIELD) depth = selection.selectionSet ? 1 + selectionDepth(selection.selectionSet, context, seen) : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) depth = selectionDepth(selection.selectionSet, context, seen);
    else if (!seen.has(selection.name.value)) {
      const fragment = context.getFragment(selection.name.value);
      depth = fragment ? selectionDepth(fragment.selectionSet, context, new Set([...seen, selection.name.value])) : 0;
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** At most one `__schema`/`__type` per operation, nested at most `maxDepth` deep. */
function introspectionRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const roots: FieldNode[] = [];
    return {
      Field(field) {
        if (INTROSPECTION_ROOTS.has(field.name.value)) roots.push(field);
      },
      Document: {
        leave() {
          if (roots.length > 1) {
            context.reportError(
              limitError('INTROSPECTION_LIMIT_EXCEEDED', `At most one __schema or __type per request; found ${roots.length}.`),
            );
            return;
          }
          const depth = roots[0] ? selectionDepth(roots[0].selectionSet, context, new Set()) : 0;
          if (depth > maxDepth) {
            context.reportError(
              limitError(
                'INTROSPECTION_LIMIT_EXCEEDED',
                `Introspection depth limit of ${maxDepth} exceeded, found ${depth} (MAX_INTROSPECTION_DEPTH).`,
              ),
            );
          }
        },
      },
    };
  };
}

/** Refuses an operation whose estimated upstream calls exceed its budget. */
function fanOutRule(limits: OperationLimits) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const mutation = operation.operation === 'mutation';
      const limit = mutation ? limits.maxUpstreamCallsMutation : limits.maxUpstreamCalls;
      const estimate = estimateUpstreamCalls(context.getSchema(), context.getDocument(), operation);
      if (estimate > limit) {
        const variable = mutation ? 'MAX_UPSTREAM_CALLS_MUTATION' : 'MAX_UPSTREAM_CALLS';
        context.reportError(
          limitError(
            'FAN_OUT_BUDGET_EXCEEDED',
            `This ${operation.operation} may make at most ${limit} upstream calls (${variable}); its fields would make at least ${estimate}.`,
          ),
        );
      }
    },
  });
}

/** The query text's size, before it is parsed at all. */
function useQueryBytesLimit(maxQueryBytes: number): Plugin {
  return {
    onParams({ params }) {
      const bytes = typeof params.query === 'string' ? Buffer.byteLength(params.query) : 0;
      if (bytes > maxQueryBytes) {
        throw limitError('QUERY_TOO_LARGE', `Query limit of ${maxQueryBytes} bytes exceeded, found ${bytes} (MAX_QUERY_BYTES).`, 413);
      }
    },
  };
}

/** Sets a request's fan-out budget to the mutation budget when the operation is a mutation. */
function useMutationBudget(limits: OperationLimits, budgetOf: (request: Request) => FanOutBudget | undefined): Plugin {
  return {
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const budget = budgetOf(args.contextValue.request);
      if (budget && operation?.operation === 'mutation') budget.forMutation(limits.maxUpstreamCallsMutation);
    },
  };
}

/** The Yoga plugins enforcing `limits`; `budgetOf` finds the request's fan-out budget. */
export function useOperationLimits(limits: OperationLimits, budgetOf: (request: Request) => FanOutBudget | undefined): Plugin[] {
  const callbacks = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    useQueryBytesLimit(limits.maxQueryBytes),
    maxTokensPlugin({ n: limits.maxTokens, ...callbacks, onReject: reject('MAX_TOKENS_EXCEEDED', 'MAX_TOKENS') }),
    maxDepthPlugin({
      n: limits.maxDepth,
      flattenFragments: true,
      ...callbacks,
      onReject: reject('MAX_DEPTH_EXCEEDED', 'MAX_DEPTH'),
    }),
    maxAliasesPlugin({ n: limits.maxAliases, ...callbacks, onReject: reject('MAX_ALIASES_EXCEEDED', 'MAX_ALIASES') }),
    maxDirectivesPlugin({ n: limits.maxDirectives, ...callbacks, onReject: reject('MAX_DIRECTIVES_EXCEEDED', 'MAX_DIRECTIVES') }),
    {
      onValidate({ addValidationRule }) {
        addValidationRule(introspectionRule(limits.maxIntrospectionDepth));
        addValidationRule(fanOutRule(limits));
      },
    },
    useMutationBudget(limits, budgetOf),
  ];
}
