/**
 * What an operation's selected fields take (scope-directives.ts), worked out once per schema for
 * its fields and once per parsed document for its operations: Yoga reuses the DocumentNode of a
 * query text it has parsed before, so a repeated query costs one WeakMap lookup.
 */
import {
  type DocumentNode,
  type FieldNode,
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
import { type AccessRule, combineRules, ruleOf } from './scope-directives.js';

/** One field of an operation that has a rule: its schema coordinate, the rule, and where it was first selected. */
export interface RuledField {
  coordinate: string;
  rule: AccessRule;
  node: FieldNode;
}

const rulesBySchema = new WeakMap<GraphQLSchema, ReadonlyMap<string, AccessRule>>();

/** Every field coordinate of `schema` with a rule: the field's own and its return type's together. */
export function fieldRules(schema: GraphQLSchema): ReadonlyMap<string, AccessRule> {
  const cached = rulesBySchema.get(schema);
  if (cached) return cached;
  const rules = new Map<string, AccessRule>();
  for (const type of Object.values(schema.getTypeMap())) {
    if ((!isObjectType(type) && !isInterfaceType(type)) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const rule = combineRules(ruleOf(schema, field), ruleOf(schema, getNamedType(field.type)));
      if (rule) rules.set(`${type.name}.${field.name}`, rule);
    }
  }
  rulesBySchema.set(schema, rules);
  return rules;
}

/** The fields with rules that `operation` selects, fragments expanded, each coordinate once. */
function ruledFields(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): RuledField[] {
  const rules = fieldRules(schema);
  const root = schema.getRootType(operation.operation);
  if (rules.size === 0 || !root) return [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const found = new Map<string, RuledField>();
  // A fragment's selections are the same wherever it is spread, so each is walked once.
  const walked = new Set<string>();
  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
        const field = parent.getFields()[selection.name.value];
        if (!field) continue;
        const coordinate = `${parent.name}.${field.name}`;
        const rule = rules.get(coordinate);
        if (rule && !found.has(coordinate)) found.set(coordinate, { coordinate, rule, node: selection });
        if (selection.selectionSet) walk(selection.selectionSet, getNamedType(field.type));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent);
      } else if (!walked.has(selection.name.value)) {
        walked.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value));
      }
    }
  };
  walk(operation.selectionSet, root);
  return [...found.values()];
}

interface DocumentRules {
  schema: GraphQLSchema;
  operations: Map<OperationDefinitionNode, readonly RuledField[]>;
}

const byDocument = new WeakMap<DocumentNode, DocumentRules>();

/**
 * The fields with rules that `operation` of `document` selects, computed on the first request
 * with this document and operation and kept with the document.
 */
export function requiredAccess(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): readonly RuledField[] {
  let cached = byDocument.get(document);
  if (!cached || cached.schema !== schema) {
    cached = { schema, operations: new Map() };
    byDocument.set(document, cached);
  }
  let fields = cached.operations.get(operation);
  if (!fields) {
    fields = ruledFields(schema, document, operation);
    cached.operations.set(operation, fields);
  }
  return fields;
}
