/**
 * The schema pass that puts the fields' access rules on the schema as `@requiresScopes` /
 * `@authenticated` (so the published and subgraph SDL say what the gateway enforces). The paid,
 * write and admin fields are declared by the slices that own them (their graph module's `access`,
 * gathered by the composition); coordinates name the unprefixed types; TYPE_PREFIX is applied.
 *
 * - `write`: fields that change state at a vendor (every Mutation is declared write or admin).
 * - `admin`: account administration and the personal data it returns, closed without the admin
 *   scope unless the operator opens them (ADDRESS_ADMIN_OPERATIONS; see `enforcedRules`).
 * - `@authenticated` on the paid fields only with AUTH_REQUIRED: then every anonymous request is
 *   refused anyway, and the SDL tells a federation router to refuse those fields before calling
 *   this graph. Without AUTH_REQUIRED the operator chose to serve anonymous callers (a public page
 *   showing token prices), whose paid calls the per-tier quotas bound instead.
 */
import { type ConstDirectiveNode, type GraphQLField, GraphQLSchema, isInterfaceType, isObjectType, Kind, print, printType } from 'graphql';
import { typePrefixOf } from '../federation/type-prefix.js';
import { authenticatedDirective, requiresScopesDirective, ruleOf } from './scope-directives.js';
import { DEMAND_CONTROL_DIRECTIVES } from './demand-control.js';

/**
 * Which fields' rules a gateway enforces (`ScopeRules`' `enforces`), or undefined for none: with
 * identity, every rule; the admin fields (`adminFields`, what takes the `admin` scope) unless
 * `adminOperationsOpen` (ADDRESS_ADMIN_OPERATIONS), with or without identity, so a production
 * gateway without callers configured still refuses them. The published SDL carries every rule
 * either way: it says what a caller may need.
 */
export function enforcedRules(
  identity: boolean,
  adminOperationsOpen: boolean,
  adminFields: readonly string[],
): ((coordinate: string) => boolean) | undefined {
  if (!identity && adminOperationsOpen) return undefined;
  const admin: ReadonlySet<string> = new Set(adminFields);
  return (coordinate) => (admin.has(coordinate) ? !adminOperationsOpen : identity);
}

/** The root fields whose rule takes the `admin` scope, by coordinate as `schema` names them (the slices' declared admin fields). */
export function adminCoordinates(schema: GraphQLSchema): string[] {
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
    type
      ? Object.values(type.getFields())
          .filter((field) => ruleOf(schema, field)?.scopes.some((alternatives) => alternatives.some((all) => all.includes('admin'))))
          .map((field) => `${type.name}.${field.name}`)
      : [],
  );
}

/** The paid, write and admin fields every graph module declares (its `access`), gathered by the composition. */
export interface DeclaredAccess {
  paid: readonly string[];
  write: readonly string[];
  admin: readonly string[];
}

export interface FieldScopesOptions {
  /** AUTH_REQUIRED: mark the paid fields `@authenticated` too. */
  authRequired: boolean;
  /** Which fields are paid, write and admin, as the modules declare them. */
  access: DeclaredAccess;
}

/** The directives each coordinate gets, as graphql-tools' `extensions.directives` values. */
function plan(options: FieldScopesOptions): Map<string, Record<string, Record<string, unknown>[]>> {
  const planned = new Map<string, Record<string, Record<string, unknown>[]>>();
  for (const coordinate of options.access.write) planned.set(coordinate, { requiresScopes: [{ scopes: [['write']] }] });
  for (const coordinate of options.access.admin) planned.set(coordinate, { requiresScopes: [{ scopes: [['admin']] }] });
  if (options.authRequired) for (const coordinate of options.access.paid) planned.set(coordinate, { authenticated: [{}] });
  return planned;
}

function directiveNode(name: string, args: Record<string, unknown>): ConstDirectiveNode {
  const scopes = args['scopes'];
  return {
    kind: Kind.DIRECTIVE,
    name: { kind: Kind.NAME, value: name },
    arguments: Array.isArray(scopes)
      ? [
          {
            kind: Kind.ARGUMENT,
            name: { kind: Kind.NAME, value: 'scopes' },
            value: {
              kind: Kind.LIST,
              values: scopes.map((all: string[]) => ({
                kind: Kind.LIST,
                values: all.map((scope) => ({ kind: Kind.STRING, value: scope })),
              })),
            },
          },
        ]
      : [],
  };
}

/** Adds `directives` to `field`, in place: to its AST node (for AST readers) and its extensions (for graphql-tools). */
function addDirectives(field: GraphQLField<unknown, unknown>, directives: Record<string, Record<string, unknown>[]>): void {
  const nodes = Object.entries(directives).flatMap(([name, uses]) => uses.map((args) => directiveNode(name, args)));
  const existing: unknown = field.extensions['directives'];
  if (field.astNode) field.astNode = { ...field.astNode, directives: [...(field.astNode.directives ?? []), ...nodes] };
  field.extensions = { ...field.extensions, directives: { ...(typeof existing === 'object' ? existing : {}), ...directives } };
}

/**
 * `schema` with the scope directives defined and put on the fields `options.access` names
 * (`@authenticated` on the paid ones only when `authRequired`). The fields change in place and
 * the schema object is rebuilt around the same types, since copying every type for a few dozen
 * fields would cost start-up time. Throws when a listed field does not exist, so a renamed field
 * cannot silently lose its protection.
 */
export function applyFieldScopes(schema: GraphQLSchema, options: FieldScopesOptions): GraphQLSchema {
  const prefix = typePrefixOf(schema);
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((type) => type?.name));
  const missing: string[] = [];
  for (const [coordinate, directives] of plan(options)) {
    const [typeName = '', fieldName = ''] = coordinate.split('.');
    const type = schema.getType(roots.has(typeName) ? typeName : `${prefix}${typeName}`);
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[fieldName] : undefined;
    if (field) addDirectives(field, directives);
    else missing.push(coordinate);
  }
  if (missing.length > 0) throw new TypeError(`access is declared for fields the schema does not have: ${missing.join(', ')}`);
  const defined = new Set(schema.getDirectives().map((directive) => directive.name));
  const added = [authenticatedDirective, requiresScopesDirective].filter((directive) => !defined.has(directive.name));
  return added.length === 0 ? schema : new GraphQLSchema({ ...schema.toConfig(), directives: [...schema.getDirectives(), ...added] });
}

/** The directives the published SDL carries on fields: the scopes and demand control. */
export const PUBLISHED_DIRECTIVES: ReadonlySet<string> = new Set([
  authenticatedDirective.name,
  requiresScopesDirective.name,
  ...DEMAND_CONTROL_DIRECTIVES,
]);

/**
 * The published directives on `field` as SDL, e.g. `@requiresScopes(scopes: [["write"]]) @cost(weight: 1)`,
 * from its AST node, where `applyFieldScopes` and `applyDemandControl` put them; empty when none.
 */
function publishedDirectivesText(field: GraphQLField<unknown, unknown>, published: ReadonlySet<string>): string {
  return (field.astNode?.directives ?? [])
    .filter((node) => published.has(node.name.value))
    .map((node) => print(node))
    .join(' ');
}

/** Lines of a printed type: where each field's declaration ends (after its arguments), by field name. */
function declarationEnds(lines: readonly string[]): Map<string, number> {
  const ends = new Map<string, number>();
  let inDescription = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const trimmed = line.trim();
    // A field's block-string description may hold a line that looks like a field.
    if (line.startsWith('  """') || inDescription) {
      const closesOnOpening = !inDescription && trimmed.length > 3 && trimmed.endsWith('"""');
      if (!closesOnOpening && (trimmed.startsWith('"""') || trimmed.endsWith('"""'))) inDescription = !inDescription;
      continue;
    }
    const name = /^ {2}([_A-Za-z][_0-9A-Za-z]*)[(:]/.exec(line)?.[1];
    if (name === undefined) continue;
    let end = index;
    // Arguments with descriptions print one per line, closed by a line "  ): Type".
    if (line === `  ${name}(`) while (end < lines.length - 1 && !(lines[end] ?? '').startsWith('  ): ')) end += 1;
    ends.set(name, end);
    index = end;
  }
  return ends;
}

/**
 * Adds the scope directives of `schema`'s fields to `sdl`, that schema printed by graphql's
 * `printSchema` (which prints no directive uses): each type block is found exactly as
 * `printType` prints it, so the rest of the SDL is left byte for byte. Throws when a type with
 * ruled fields is not in `sdl` as printed. `published` narrows the directives added (the subgraph
 * SDL leaves the scopes out unless FEDERATION_AUTH_DIRECTIVES asks for them).
 */
export function annotateFieldScopes(sdl: string, schema: GraphQLSchema, published = PUBLISHED_DIRECTIVES): string {
  let annotated = sdl;
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const texts = new Map<string, string>();
    for (const field of Object.values(type.getFields())) {
      const text = publishedDirectivesText(field, published);
      if (text) texts.set(field.name, text);
    }
    if (texts.size === 0) continue;
    const block = printType(type);
    const at = annotated.indexOf(block);
    if (at < 0) throw new TypeError(`annotateFieldScopes: the SDL does not hold type ${type.name} as printSchema prints it`);
    const lines = block.split('\n');
    const ends = declarationEnds(lines);
    for (const [name, text] of texts) {
      const end = ends.get(name);
      if (end === undefined) throw new TypeError(`annotateFieldScopes: cannot find ${type.name}.${name} in its printed type`);
      lines[end] = `${lines[end] ?? ''} ${text}`;
    }
    annotated = `${annotated.slice(0, at)}${lines.join('\n')}${annotated.slice(at + block.length)}`;
  }
  return annotated;
}
