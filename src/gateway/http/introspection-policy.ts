/**
 * INTROSPECTION, decided per operation and caller by Yoga's adapter (use-introspection-policy.ts)
 * and the fast path alike. `false` (the production default) refuses the schema-reading fields
 * (introspection-fields.ts) to everyone, `authenticated` serves them to callers with credentials only; `__typename` is
 * always served, since clients need it to read unions. Federation's `_service { sdl }` is the
 * schema too, but routers and CI composition fetch it with credentials, so it is served to any
 * authenticated caller whatever the setting, and to anyone when introspection is on.
 *
 * It runs after validation, at execute, not as a validation rule: Yoga caches validation results
 * per document, and with `authenticated` the answer depends on the caller. Only query roots
 * carry these fields, so subscriptions need no check.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { INTROSPECTION_FIELDS } from './introspection-fields.js';

/** INTROSPECTION: `on` (true), `off` (false) or `authenticated`. */
export type IntrospectionPolicy = 'on' | 'off' | 'authenticated';

const SERVICE_FIELD = '_service';

/** The root fields an operation selects, fragments expanded (validation has ruled out cycles; `seen` guards anyway). */
function rootFields(document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): Map<string, FieldNode> {
  const found = new Map<string, FieldNode>();
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!found.has(selection.name.value)) found.set(selection.name.value, selection);
      continue;
    }
    let inner: SelectionSetNode | undefined;
    if (selection.kind === Kind.INLINE_FRAGMENT) inner = selection.selectionSet;
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      inner = document.definitions.find(
        (definition): definition is FragmentDefinitionNode =>
          definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
      )?.selectionSet;
    }
    if (inner) for (const [name, node] of rootFields(document, inner, seen)) if (!found.has(name)) found.set(name, node);
  }
  return found;
}

/**
 * The root fields of each parsed operation that the policy may refuse (the schema-reading ones and
 * `_service`): Yoga and the fast plans reuse a document they have parsed, and most operations
 * select none of them.
 */
const cache = new WeakMap<OperationDefinitionNode, readonly [string, FieldNode][]>();

function refusable(document: DocumentNode, operation: OperationDefinitionNode): readonly [string, FieldNode][] {
  let fields = cache.get(operation);
  if (!fields) {
    fields = [...rootFields(document, operation.selectionSet)].filter(
      ([field]) => INTROSPECTION_FIELDS.has(field) || field === SERVICE_FIELD,
    );
    cache.set(operation, fields);
  }
  return fields;
}

function refusal(field: string, node: FieldNode, policy: IntrospectionPolicy): GraphQLError {
  const message =
    field === SERVICE_FIELD
      ? `_service is served to authenticated callers only while introspection is off (INTROSPECTION=false): a router or CI job sends its credentials, or the operator sets INTROSPECTION=true.`
      : policy === 'authenticated'
        ? `Introspection (${field}) is served to authenticated callers only on this gateway (INTROSPECTION=authenticated): send credentials, or ask its operator to set INTROSPECTION=true.`
        : `Introspection (${field}) is off on this gateway (INTROSPECTION=false, the production default); its operator can turn it on with INTROSPECTION=true, or INTROSPECTION=authenticated for callers with credentials.`;
  return new GraphQLError(message, { nodes: [node], extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
}

/**
 * The refusals of `operation` (the document's, as getOperationAST finds it) under `policy` for a
 * caller with or without credentials; none when it may run.
 */
export function introspectionRefusals(
  policy: IntrospectionPolicy,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  authenticated: boolean,
): GraphQLError[] {
  if (policy === 'on' || !operation || operation.operation !== 'query') return [];
  const fields = refusable(document, operation);
  if (fields.length === 0) return [];
  const errors: GraphQLError[] = [];
  for (const [field, node] of fields) {
    const refused = INTROSPECTION_FIELDS.has(field) ? policy === 'off' || (policy === 'authenticated' && !authenticated) : !authenticated;
    if (refused) errors.push(refusal(field, node, policy));
  }
  return errors;
}
