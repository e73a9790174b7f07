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
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { UpstreamName } from '../config.js';
import type { UpstreamClient } from '../upstream/upstream-fetch.js';

/**
 * Fields known to make more than one call, with the number measured against the sandboxes
 * (the brief collects from A, B and D; see the README).
 */
export const ROOT_FIELD_UPSTREAM_CALLS: Readonly<Record<string, Readonly<Partial<Record<UpstreamName, number>>>>> = {
  cryptoBrief: { 'crypto-analytics': 12, 'blockchain-utility': 1, 'country-data': 1 },
};

/**
 * Cross-interface fields below the root, each by the upstream it certainly calls: each occurrence
 * makes at least one (batched) call there. The callers' quota estimate reads the upstreams.
 */
export const NESTED_FIELD_UPSTREAMS: Readonly<Record<string, UpstreamName>> = {
  'Country.exchangeRates': 'country-data',
  'Country.currencyRate': 'country-data',
  'Country.convert': 'country-data',
  'Token.price': 'crypto-analytics',
  'Token.priceIn': 'country-data',
  'StablecoinState.ergPrice': 'blockchain-utility',
  'StablecoinState.sigUsdPriceIn': 'country-data',
  'StablecoinState.sigRsvPriceIn': 'country-data',
  'ErgoTokenPrice.priceIn': 'country-data',
  'IpLookup.country': 'country-data',
  'UkAddress.country': 'country-data',
  'UsAddress.country': 'country-data',
  'Place.country': 'country-data',
};

export const NESTED_UPSTREAM_FIELDS: ReadonlySet<string> = new Set(Object.keys(NESTED_FIELD_UPSTREAMS));

/** The upstream calls root field `name` makes at least: one, the brief's measured number, none for introspection. */
export function rootFieldCalls(name: string): number {
  if (name.startsWith('__')) return 0;
  const calls = ROOT_FIELD_UPSTREAM_CALLS[name];
  return calls ? Object.values(calls).reduce((sum, count) => sum + count, 0) : 1;
}

/**
 * The least number of upstream calls the operation will cause: every root field (each alias
 * counts) plus every cross-interface field selected below it, fragments expanded where used.
 */
export function estimateUpstreamCalls(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): number {
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
        Field(field) {
          const parent = typeInfo.getParentType();
          if (parent && NESTED_UPSTREAM_FIELDS.has(`${parent.name}.${field.name.value}`)) calls += 1;
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
      if (selection.kind === Kind.FIELD) calls += rootFieldCalls(selection.name.value);
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

/** The calls one request has spent and may still spend. */
export class FanOutBudget {
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

/** Wraps a request's upstream client so every distinct call (method + URL) spends from `budget`. */
export function withFanOutBudget(client: UpstreamClient, budget: FanOutBudget): UpstreamClient {
  return {
    fetch: async (url, init = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      // Identical GETs are made once per request; a POST changes state every time it is sent.
      budget.spend(`${method} ${url}`, method === 'GET' || method === 'HEAD');
      return client.fetch(url, init);
    },
    get: async (name, path, query) => {
      budget.spend(`GET ${name} ${path} ${JSON.stringify(query ?? {})}`, true);
      return client.get(name, path, query);
    },
  };
}
