/**
 * A vendor that trims its records on request (D's `response_fields` keeps only the named field
 * paths, `response_fields_omit` drops them) answers records its document would call incomplete.
 * The check of such an answer uses the documented schema projected the same way: a field the
 * request left out is neither required nor checked, a field it kept is still checked in full, and
 * within a kept path (`names.common`) only the named parts are required. A field left out is not
 * checked even where a vendor sends it anyway: nothing reads it, so it cannot make the answer
 * wrong, and its schema is not compiled at all (for D's one-country query, 20 of the 22 component
 * schemas Ajv compiled at a start's first answer). Paths reach into list elements and
 * into every alternative of a `oneOf`/`anyOf`/`allOf`, as the vendor applies them.
 */
import { isObject, type Json, type JsonObject } from './openapi-document.js';

/** Field paths as a tree: an empty node stands for the whole field. */
type PathTree = Map<string, PathTree>;

/** The tree of `paths` (`['names.common', 'codes']`); a whole field wins over its parts. */
export function pathTree(paths: readonly string[]): PathTree | undefined {
  if (paths.length === 0) return undefined;
  const root: PathTree = new Map();
  for (const path of paths) {
    let node = root;
    const parts = path.split('.');
    for (const [index, part] of parts.entries()) {
      const existing = node.get(part);
      if (existing && existing.size === 0) break;
      const last = index === parts.length - 1;
      const next: PathTree = last ? new Map() : (existing ?? new Map());
      node.set(part, next);
      node = next;
    }
  }
  return root;
}

/** What a projection keeps and drops at one level; undefined keeps everything, drops nothing. */
export interface Projection {
  keep: PathTree | undefined;
  omit: PathTree | undefined;
}

/** The part of a tree below `name`, when the tree names parts of it rather than the whole. */
function below(tree: PathTree | undefined, name: string): PathTree | undefined {
  const node = tree?.get(name);
  return node && node.size > 0 ? node : undefined;
}

/**
 * `schema` projected by `projection`. `resolve` follows a `$ref` to the schema it names (already
 * fit for Ajv, see openapi-document.ts); parts the projection does not reach are left as they are.
 */
export function projectSchema(schema: Json, { keep, omit }: Projection, resolve: (schema: Json) => Json | undefined): Json {
  if (!keep && !omit) return schema;
  const resolved = resolve(schema);
  if (!isObject(resolved)) return schema;
  const projected: JsonObject = { ...resolved };
  const here = (part: Json): Json => projectSchema(part, { keep, omit }, resolve);
  if (resolved.items !== undefined && typeof resolved.items !== 'boolean') projected.items = here(resolved.items);
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    const alternatives = resolved[keyword];
    if (Array.isArray(alternatives)) projected[keyword] = alternatives.map(here);
  }
  const { properties, required } = resolved;
  // A field is left out when the request keeps others, or omits it whole (not only parts of it).
  const kept = (name: string): boolean => (!keep || keep.has(name)) && omit?.get(name)?.size !== 0;
  if (isObject(properties)) {
    projected.properties = Object.fromEntries(
      Object.entries(properties)
        .filter(([name]) => kept(name))
        .map(([name, part]) => [name, projectSchema(part, { keep: below(keep, name), omit: below(omit, name) }, resolve)]),
    );
  }
  if (Array.isArray(required)) {
    projected.required = required.filter((name) => typeof name === 'string' && kept(name));
  }
  return projected;
}

/** `schema` with the subschema at `path` (property names, through `$ref`s) replaced by `replace`'s. */
export function replaceAt(
  schema: Json,
  path: readonly string[],
  replace: (part: Json) => Json,
  resolve: (schema: Json) => Json | undefined,
): Json {
  const [name, ...rest] = path;
  if (name === undefined) return replace(schema);
  const resolved = resolve(schema);
  const part = isObject(resolved) && isObject(resolved.properties) ? resolved.properties[name] : undefined;
  if (!isObject(resolved) || !isObject(resolved.properties) || part === undefined) return schema;
  return { ...resolved, properties: { ...resolved.properties, [name]: replaceAt(part, rest, replace, resolve) } };
}
