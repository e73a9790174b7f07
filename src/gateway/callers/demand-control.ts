/**
 * Demand control published with the schema: `@cost(weight:)` on every field that calls an
 * upstream (its weight the calls it makes at least, as its declaration states them and the
 * fan-out budget counts them: upstream/field-needs.ts, http/fan-out.ts) and `@listSize` on root
 * lists a `limit` argument slices, under the names IBM's GraphQL cost specification and Apollo
 * Federation 2.9 use, so a router in front of this graph can estimate an operation's cost before
 * sending it here. The fields change in place, as the scopes do (field-scopes.ts); the directives
 * are printed into the published SDL beside them.
 */
import {
  buildSchema,
  type ConstArgumentNode,
  type ConstDirectiveNode,
  type ConstListValueNode,
  type ConstValueNode,
  getNamedType,
  getNullableType,
  type GraphQLDirective,
  type GraphQLField,
  GraphQLSchema,
  isListType,
  isObjectType,
  Kind,
  type StringValueNode,
} from 'graphql';
import { rootFieldCalls } from '../http/fan-out.js';
import { callCount, needOf } from '../upstream/field-needs.js';

/** The two directives as the cost specification (and Federation 2.9's `@link` import) defines them. */
const DEMAND_CONTROL_SDL = `
directive @cost(weight: Int!) on ARGUMENT_DEFINITION | ENUM | FIELD_DEFINITION | INPUT_FIELD_DEFINITION | OBJECT | SCALAR
directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION
`;

const definitions = buildSchema(DEMAND_CONTROL_SDL);
const [costDirective, listSizeDirective] = ['cost', 'listSize'].map((name): GraphQLDirective => {
  const directive = definitions.getDirective(name);
  if (!directive) throw new TypeError(`DEMAND_CONTROL_SDL lacks @${name}`);
  return directive;
}) as [GraphQLDirective, GraphQLDirective];

/** The names `annotateFieldScopes` prints beside the scopes into the published SDL. */
export const DEMAND_CONTROL_DIRECTIVES: readonly string[] = ['cost', 'listSize'];

/** Fields of the gateway's own plumbing (federation), which call no upstream of their own. */
const PLUMBING = new Set(['_entities', '_service', '_sdl']);

/** The argument that slices a root list, where one does. */
const SLICING_ARGUMENT = 'limit';

function directive(name: string, args: readonly ConstArgumentNode[]): ConstDirectiveNode {
  return { kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: name }, arguments: args };
}

function argument(name: string, value: ConstValueNode): ConstArgumentNode {
  return { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: name }, value };
}

function strings(values: readonly string[]): ConstListValueNode {
  return { kind: Kind.LIST, values: values.map((value): StringValueNode => ({ kind: Kind.STRING, value })) };
}

/** Adds one directive to `field`, in place: its AST node and graphql-tools' `extensions.directives`. */
function addDirective(field: GraphQLField<unknown, unknown>, node: ConstDirectiveNode, args: Record<string, unknown>): void {
  const name = node.name.value;
  const existing: unknown = field.extensions['directives'];
  const directives: Record<string, unknown> = typeof existing === 'object' && existing !== null ? { ...existing } : {};
  directives[name] = [args];
  if (field.astNode) field.astNode = { ...field.astNode, directives: [...(field.astNode.directives ?? []), node] };
  field.extensions = { ...field.extensions, directives };
}

function addCost(field: GraphQLField<unknown, unknown>, weight: number): void {
  addDirective(field, directive('cost', [argument('weight', { kind: Kind.INT, value: String(weight) })]), { weight });
}

/** `@listSize(slicingArguments: ["limit"])` for a list, plus `sizedFields` for a page whose list is `nodes`. */
function addListSize(field: GraphQLField<unknown, unknown>): void {
  // The specification slices by Int arguments only; a limit typed as a bounded custom scalar is left unsliced.
  const slicing = field.args.find((arg) => arg.name === SLICING_ARGUMENT);
  if (!slicing || getNamedType(slicing.type).name !== 'Int') return;
  const type = getNullableType(field.type);
  const page = getNamedType(field.type);
  const sizedFields =
    !isListType(type) && isObjectType(page) && isListType(getNullableType(page.getFields()['nodes']?.type)) ? ['nodes'] : [];
  if (!isListType(type) && sizedFields.length === 0) return;
  const args = [
    argument('slicingArguments', strings([SLICING_ARGUMENT])),
    ...(sizedFields.length > 0 ? [argument('sizedFields', strings(sizedFields))] : []),
    argument('requireOneSlicingArgument', { kind: Kind.BOOLEAN, value: false }),
  ];
  addDirective(field, directive('listSize', args), {
    slicingArguments: [SLICING_ARGUMENT],
    ...(sizedFields.length > 0 ? { sizedFields } : {}),
    requireOneSlicingArgument: false,
  });
}

/**
 * `schema` with `@cost` and `@listSize` defined and put on the fields that call upstreams: every
 * root field, and every other field whose declaration (upstream/field-needs.ts) states calls.
 */
export function applyDemandControl(schema: GraphQLSchema): GraphQLSchema {
  const roots = [schema.getQueryType(), schema.getMutationType()];
  for (const root of roots) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (PLUMBING.has(field.name) || field.name.startsWith('__')) continue;
      addCost(field, rootFieldCalls(field.name, field));
      addListSize(field);
    }
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type === schema.getSubscriptionType() || roots.includes(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const calls = needOf(field)?.calls;
      const weight = calls ? callCount(calls) : 0;
      if (weight > 0) addCost(field, weight);
    }
  }
  const defined = new Set(schema.getDirectives().map((directive) => directive.name));
  const added = [costDirective, listSizeDirective].filter((directive) => !defined.has(directive.name));
  return added.length === 0 ? schema : new GraphQLSchema({ ...schema.toConfig(), directives: [...schema.getDirectives(), ...added] });
}
