/**
 * The fan-out budget: how many distinct upstream calls one operation may cause. Estimated from
 * the document before execution (so 1,000 aliases of a lookup are refused before any call) and
 * enforced on the request's upstream client while it runs (so what the estimate cannot see,
 * such as one call per distinct key under a list, is bounded too).
 */
import {
  GraphQLError,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { callCount, needOf } from '../upstream/field-needs.js';
import type { CallBudget } from '../upstream/upstream-fetch.js';

/**
 * The upstream calls root field `field` makes at least: a hand-written one's declared calls
 * (upstream/field-needs.ts), one for Mesh's (one operation each), none for introspection.
 */
export function rootFieldCalls(name: string, field: GraphQLField<unknown, unknown> | undefined): number {
  if (name.startsWith('__')) return 0;
  const calls = needOf(field)?.calls;
  return calls ? callCount(calls) : 1;
}

/**
 * The least number of upstream calls the operation will cause: every root field (each alias
 * counts) plus the declared calls of every field selected below it, fragments expanded where used.
 */
export function estimateUpstreamCalls(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): number {
  const rootType = schema.getRootType(operation.operation);
  const rootFields = rootType?.getFields() ?? {};
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const countNested = (node: FragmentDefinitionNode | OperationDefinitionNode, seen: ReadonlySet<string>): number => {
    let calls = 0;
    const typeInfo = new TypeInfo(schema);
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field() {
          // Root fields are counted by countRoot; below them, what each field declares.
          if (typeInfo.getParentType() === rootType) return;
          const declared = needOf(typeInfo.getFieldDef() ?? undefined)?.calls;
          if (declared) calls += callCount(declared);
        },
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (fragment && !seen.has(fragment.name.value)) calls += countNested(fragment, new Set([...seen, fragment.name.value]));
        },
      }),
    );
    return calls;
  };
  const countRoot = (selectionSet: SelectionSetNode, seen: ReadonlySet<string>): number => {
    let calls = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) calls += rootFieldCalls(selection.name.value, rootFields[selection.name.value]);
      else if (selection.kind === Kind.INLINE_FRAGMENT) calls += countRoot(selection.selectionSet, seen);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) calls += countRoot(fragment.selectionSet, new Set([...seen, fragment.name.value]));
      }
    }
    return calls;
  };
  return countRoot(operation.selectionSet, new Set()) + countNested(operation, new Set());
}

/** The calls one request has spent and may still spend (the upstream pipeline's first step spends it). */
export class FanOutBudget implements CallBudget {
  private readonly spent = new Set<string>();
  private calls = 0;

  constructor(
    private limit: number,
    private variable = 'MAX_UPSTREAM_CALLS',
  ) {}

  /** Switches to the mutation budget once the operation is known to be a mutation. */
  forMutation(limit: number): void {
    this.limit = limit;
    this.variable = 'MAX_UPSTREAM_CALLS_MUTATION';
  }

  /** Spends a unit for a call not made before in this request; throws once the budget is spent. */
  spend(call: string, repeatable: boolean): void {
    if (repeatable && this.spent.has(call)) return;
    if (this.calls >= this.limit) {
      throw new GraphQLError(
        `This operation may make at most ${this.limit} distinct upstream calls (${this.variable}); call ${this.calls + 1} was refused.`,
        { extensions: { code: 'FAN_OUT_BUDGET_EXCEEDED' } },
      );
    }
    this.calls += 1;
    this.spent.add(call);
  }
}
