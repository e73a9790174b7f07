/**
 * The fan-out estimate (http/fan-out.ts) split by vendor and counted in quota units, so a caller's
 * daily quota can refuse an operation before it executes. Like the fan-out estimate it is a floor:
 * each root field (each alias) and the declared calls of each field below it (upstream/field-needs.ts);
 * what only execution can see (one call per distinct key under a list) is caught per call.
 */
import {
  type DocumentNode,
  type FieldNode,
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
import type { UpstreamName } from '../config.js';
import { needOf } from '../upstream/field-needs.js';
import { meshSourceUpstream } from '../upstream/mesh-endpoints.js';
import type { EstimatedOperation, UnitEstimate } from './quota.js';

function stringArgument(field: GraphQLField<unknown, unknown>, directive: string, name: string): string | undefined {
  const node = field.astNode?.directives?.find((candidate) => candidate.name.value === directive);
  const value = node?.arguments?.find((argument) => argument.name.value === name)?.value;
  return value?.kind === Kind.STRING || value?.kind === Kind.ENUM ? value.value : undefined;
}

/** The operation a Mesh-generated root field calls: its @httpOperation names the source, path and method. */
function meshFieldOperation(field: GraphQLField<unknown, unknown>): EstimatedOperation | undefined {
  const subgraph = stringArgument(field, 'httpOperation', 'subgraph');
  const upstream = subgraph === undefined ? undefined : meshSourceUpstream(subgraph);
  if (!upstream) return undefined;
  // The template's `{args.x}` stands for one segment, as the value will be; the query is not part of the path.
  const path = (stringArgument(field, 'httpOperation', 'path') ?? '').split('?')[0] ?? '';
  const method = stringArgument(field, 'httpOperation', 'httpMethod') ?? 'GET';
  return { upstream, method, path: path.replace(/\{[^}]*\}/g, 'x') };
}

function add(total: UnitEstimate['declared'], more: UnitEstimate['declared']): void {
  for (const [upstream, units] of Object.entries(more) as [UpstreamName, number][]) total[upstream] = (total[upstream] ?? 0) + units;
}

/**
 * The least the operation will spend, fragments expanded where they are used: the generated root
 * fields' operations (each vendor's quota prices them: quota.ts's `unitsByUpstream`) and the
 * units the hand-written fields declare.
 */
export function estimateUpstreamUnits(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): UnitEstimate {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const total: UnitEstimate['declared'] = {};
  const operations: EstimatedOperation[] = [];
  const rootType = schema.getRootType(operation.operation);
  const rootFields = rootType?.getFields() ?? {};
  const countRoot = (selectionSet: SelectionSetNode, seen: ReadonlySet<string>): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) countRootField(selection, rootFields[selection.name.value]);
      else if (selection.kind === Kind.INLINE_FRAGMENT) countRoot(selection.selectionSet, seen);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) countRoot(fragment.selectionSet, new Set([...seen, fragment.name.value]));
      }
    }
  };
  const countNested = (node: FragmentDefinitionNode | OperationDefinitionNode, seen: ReadonlySet<string>): void => {
    const typeInfo = new TypeInfo(schema);
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field() {
          // Root fields are counted by countRoot; below them, what each field declares.
          if (typeInfo.getParentType() === rootType) return;
          const declared = needOf(typeInfo.getFieldDef() ?? undefined)?.calls;
          if (declared) add(total, declared);
        },
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (fragment && !seen.has(fragment.name.value)) countNested(fragment, new Set([...seen, fragment.name.value]));
        },
      }),
    );
  };
  const countRootField = (selection: FieldNode, field: GraphQLField<unknown, unknown> | undefined): void => {
    if (!field || selection.name.value.startsWith('__')) return;
    const generated = meshFieldOperation(field);
    // A hand-written field's calls count one unit each, as its declaration states them.
    if (generated) operations.push(generated);
    else add(total, needOf(field)?.calls ?? {});
  };
  countRoot(operation.selectionSet, new Set());
  countNested(operation, new Set());
  return { declared: total, operations };
}
