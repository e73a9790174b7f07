/**
 * Mesh's HTTP resolvers interpolate their arguments into the @httpOperation path as they are, so
 * `../` or `?` in an argument would reach another resource of the vendor. This makes each such
 * resolver receive its path arguments already encoded as one segment (upstream/path-parameters.ts),
 * reading which arguments those are from the field's own directive: every operation of every
 * document is covered, including ones added later, and a path interpolating anything but a plain
 * argument stops the start rather than reach a vendor unencoded.
 */
import { getDirective } from '@graphql-tools/utils';
import type { GraphQLField, GraphQLSchema } from 'graphql';
import { pathSegment } from '../upstream/path-parameters.js';
import type { RenamePlan } from './rename-plan.js';

const INTERPOLATION = /\{([^}]*)\}/g;
const ARGUMENT = /^args\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** The arguments `field`'s @httpOperation path interpolates; throws for any other interpolation. */
function pathArguments(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>, coordinate: string): string[] {
  const path: unknown = getDirective(schema, field, 'httpOperation')?.[0]?.['path'];
  if (typeof path !== 'string') return [];
  return [...path.matchAll(INTERPOLATION)].map(([placeholder, expression = '']) => {
    const name = ARGUMENT.exec(expression.trim())?.[1];
    if (name === undefined || !field.args.some((arg) => arg.name === name)) {
      throw new TypeError(`${coordinate}: the path ${JSON.stringify(path)} interpolates ${placeholder}, which is not one of its arguments`);
    }
    return name;
  });
}

/**
 * Wraps, in place, every root field resolver whose @httpOperation path interpolates arguments, so
 * Mesh interpolates each as one percent-encoded segment. `renames` gives the graph's names of the
 * arguments for the errors a refused value gets. Run it on the executable source schema, before
 * the rename plan wraps the resolvers (they still take the vendor's argument names here).
 */
export function encodePathArguments(schema: GraphQLSchema, renames: RenamePlan): void {
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const coordinate = `${root?.name ?? ''}.${field.name}`;
      const names = pathArguments(schema, field, coordinate);
      const original = field.resolve;
      if (names.length === 0 || !original) continue;
      const publicName = (name: string): string => renames.args[coordinate]?.[name] ?? name;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        const encoded = { ...args };
        for (const name of names) encoded[name] = pathSegment(args[name], publicName(name));
        return original(source, encoded, context, info);
      };
    }
  }
}
