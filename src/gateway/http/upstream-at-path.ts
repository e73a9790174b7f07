/**
 * Which interface the value at a response path came from, for an error that names no interface
 * itself (a value graphql-js could not complete: a scalar that does not serialise, a null where
 * the type says non-null). The nearest field on the path that Mesh generated from an OpenAPI
 * operation names its source in `@httpOperation(subgraph:)`; below a hand-written field the value
 * may come from any interface, so then only a request that reached a single interface says which.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getNamedType,
  getOperationAST,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionNode,
} from 'graphql';
import type { UpstreamName } from '../config.js';
import { meshSourceUpstream } from '../upstream/mesh-endpoints.js';

/** What one executed operation was, as the error catalogue needs it. */
export interface ExecutedOperation {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
}

type Path = readonly (string | number)[];

interface Match {
  parent: GraphQLNamedType;
  node: FieldNode;
}

/** The field selections answering to `key` under `parent`, through inline fragments and spreads. */
function selectionsFor(
  selections: readonly SelectionNode[],
  parent: GraphQLNamedType,
  key: string,
  operation: ExecutedOperation,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  seen: ReadonlySet<string> = new Set(),
): Match[] {
  return selections.flatMap((selection): Match[] => {
    if (selection.kind === Kind.FIELD) return (selection.alias ?? selection.name).value === key ? [{ parent, node: selection }] : [];
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition && operation.schema.getType(selection.typeCondition.name.value);
      return selectionsFor(selection.selectionSet.selections, condition ?? parent, key, operation, fragments, seen);
    }
    const fragment = fragments.get(selection.name.value);
    if (!fragment || seen.has(fragment.name.value)) return [];
    const condition = operation.schema.getType(fragment.typeCondition.name.value) ?? parent;
    return selectionsFor(fragment.selectionSet.selections, condition, key, operation, fragments, new Set([...seen, fragment.name.value]));
  });
}

function fieldOf(match: Match): GraphQLField<unknown, unknown> | undefined {
  const { parent, node } = match;
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
}

/** The upstream a Mesh-generated field calls, from the directive Mesh left on its definition. */
function meshSourceOf(field: GraphQLField<unknown, unknown>): UpstreamName | undefined {
  const directive = field.astNode?.directives?.find((candidate) => candidate.name.value === 'httpOperation');
  const subgraph = directive?.arguments?.find((argument) => argument.name.value === 'subgraph')?.value;
  return subgraph?.kind === Kind.STRING ? meshSourceUpstream(subgraph.value) : undefined;
}

/** The interface of the nearest Mesh-generated field on `path`, if any field on it is one. */
function meshSourceAlong(operation: ExecutedOperation, path: Path): UpstreamName | undefined {
  const definition = getOperationAST(operation.document, operation.operationName);
  const root = definition && operation.schema.getRootType(definition.operation);
  if (!definition || !root) return undefined;
  const fragments = new Map(
    operation.document.definitions
      .filter((node): node is FragmentDefinitionNode => node.kind === Kind.FRAGMENT_DEFINITION)
      .map((node) => [node.name.value, node]),
  );
  let parent: GraphQLNamedType = root;
  let selections: readonly SelectionNode[] = definition.selectionSet.selections;
  let found: UpstreamName | undefined;
  for (const key of path) {
    if (typeof key === 'number') continue;
    const matches = selectionsFor(selections, parent, key, operation, fragments);
    const field = matches.map(fieldOf).find((candidate) => candidate !== undefined);
    if (!field) break;
    found = meshSourceOf(field) ?? found;
    parent = getNamedType(field.type);
    selections = matches.flatMap((match) => match.node.selectionSet?.selections ?? []);
  }
  return found;
}

/**
 * The interface the value at `path` came from: the nearest Mesh-generated field's source, else
 * the one interface the request reached (`reached`), else undefined.
 */
export function upstreamAtPath(operation: ExecutedOperation, path: Path, reached: readonly UpstreamName[]): UpstreamName | undefined {
  return meshSourceAlong(operation, path) ?? (reached.length === 1 ? reached[0] : undefined);
}
