/**
 * Whether a whole answer of an operation may be kept for other requests, read from what the
 * schema declares, once per parsed document and operation (Yoga reuses the DocumentNode of a
 * query text it has parsed before): never a mutation or a subscription (live answers), never an
 * answer streamed in parts (`@defer`, `@stream`), never one that selects a field declared personal
 * (its need says `personal`: the caller's own address or browser, upstream/field-needs.ts) or one
 * that needs a scope (`@requiresScopes`: writes and C's administration with its personal data,
 * callers/field-scopes.ts). Fields that merely need a signed-in caller (`@authenticated`) are kept,
 * under that caller's key.
 */
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLNamedType,
  type GraphQLSchema,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { fieldRules } from '../callers/required-scopes.js';
import { needOf } from '../upstream/field-needs.js';

/** Why an operation's answers are never kept; undefined when they may be. */
export type NotCacheable = 'mutation' | 'subscription' | 'incremental' | 'personal' | 'scoped';

const STREAMING = new Set(['defer', 'stream']);

function selectionProblem(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): NotCacheable | undefined {
  const rules = fieldRules(schema);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walked = new Set<string>();
  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): NotCacheable | undefined => {
    for (const selection of selectionSet.selections) {
      if (selection.directives?.some((directive) => STREAMING.has(directive.name.value))) return 'incremental';
      let problem: NotCacheable | undefined;
      if (selection.kind === Kind.FIELD) {
        const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
        if (!field) continue;
        if (needOf(field)?.personal) return 'personal';
        if ((rules.get(`${parent?.name ?? ''}.${field.name}`)?.scopes.length ?? 0) > 0) return 'scoped';
        if (selection.selectionSet) problem = walk(selection.selectionSet, getNamedType(field.type));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        problem = walk(selection.selectionSet, selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent);
      } else if (!walked.has(selection.name.value)) {
        walked.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) problem = walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value));
      }
      if (problem) return problem;
    }
    return undefined;
  };
  return walk(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined);
}

const verdicts = new WeakMap<
  DocumentNode,
  { schema: GraphQLSchema; byOperation: Map<OperationDefinitionNode, NotCacheable | undefined> }
>();

/** Why `operation`'s answers may never be kept, or undefined when they may (computed once per document and schema). */
export function notCacheable(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): NotCacheable | undefined {
  if (operation.operation === 'mutation') return 'mutation';
  if (operation.operation === 'subscription') return 'subscription';
  let cached = verdicts.get(document);
  if (!cached || cached.schema !== schema) {
    cached = { schema, byOperation: new Map() };
    verdicts.set(document, cached);
  }
  if (!cached.byOperation.has(operation)) cached.byOperation.set(operation, selectionProblem(schema, document, operation));
  return cached.byOperation.get(operation);
}
