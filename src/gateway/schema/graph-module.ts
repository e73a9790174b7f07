/**
 * What one slice of the hand-written graph contributes to the schema: an interface's own
 * additions, or one cross-interface feature. Modules never import the schema builder; the
 * builder receives the list (see ../graph-modules.ts), so the dependency points one way.
 */
import type { GraphQLScalarTypeConfig, GraphQLSchema } from 'graphql';
import type { Resolvers } from '../generated/resolvers-types.js';
import type { ArgumentScalars } from './argument-scalars.js';
import type { EntityDeclaration } from './entity-declaration.js';
import type { EnvelopeTable } from './unwrap-envelopes.js';

/**
 * How a scalar that Mesh made from an OpenAPI document parses and serialises. Only the behaviour
 * is given: the scalar keeps the name and description Mesh gave it from the document.
 */
export type ScalarBehaviour = Pick<GraphQLScalarTypeConfig<string, string>, 'serialize' | 'parseValue' | 'parseLiteral'>;

/**
 * Who may call a slice's fields, by coordinate (`Type.field`, as the slice's SDL names the type;
 * TYPE_PREFIX is applied later). callers/field-scopes.ts puts the rules on the schema from the
 * union of every module's declaration, and fails the build when a coordinate names no field.
 */
export interface FieldAccess {
  /** Fields that spend a paid vendor's allowance (`@authenticated` with AUTH_REQUIRED). */
  paid?: readonly string[];
  /** Fields that change state somewhere (`@requiresScopes(scopes: [["write"]])`). */
  write?: readonly string[];
  /** Administration and personal data (`@requiresScopes(scopes: [["admin"]])`). */
  admin?: readonly string[];
}

export interface GraphModule {
  /** The module's SDL files, read when the schema is built (never at import), or SDL text it writes from declarations. */
  typeDefs: readonly (URL | string)[];
  /** Typed from the published schema (`npm run generate`); parents are the vendors' records. */
  resolvers?: Resolvers;
  /** Behaviour for scalars of the source schemas, by scalar name. */
  scalarBehaviours?: Readonly<Record<string, ScalarBehaviour>>;
  /** Root fields whose vendor envelope is unwrapped, with the path to what is inside. */
  envelopes?: EnvelopeTable;
  /** Mesh-generated arguments that take a domain scalar (`Type.field.argument`). */
  argumentScalars?: ArgumentScalars;
  /**
   * A rewrite of the merged schema, for what SDL and resolver maps cannot say. It runs in the
   * pipeline's module-transforms pass (compose-schema.ts): after envelopes are unwrapped and
   * argument scalars applied, on a schema the pipeline made, which it may edit in place.
   */
  transformSchema?: (schema: GraphQLSchema) => GraphQLSchema;
  /** Which of the slice's fields are paid or write (see FieldAccess). */
  access?: FieldAccess;
  /** The slice's types peers point at by key, with their lookups (federation's `@key` and `_entities`, stitching's `@merge`). */
  entities?: readonly EntityDeclaration[];
}

/** Every module's declared access, gathered: the table the field-scopes pass puts on the schema. */
export function declaredAccess(modules: readonly NamedGraphModule[]): Required<FieldAccess> {
  return {
    paid: modules.flatMap(({ module }) => module.access?.paid ?? []),
    write: modules.flatMap(({ module }) => module.access?.write ?? []),
    admin: modules.flatMap(({ module }) => module.access?.admin ?? []),
  };
}

/** Every module's declared entities, gathered: what federation/ and stitching/ publish and look up. */
export function declaredEntities(modules: readonly NamedGraphModule[]): EntityDeclaration[] {
  return modules.flatMap(({ module }) => module.entities ?? []);
}

/** A module as the pipeline lists it: with its slice's name (its interface's or its feature's folder). */
export interface NamedGraphModule {
  readonly name: string;
  readonly module: GraphModule;
}
