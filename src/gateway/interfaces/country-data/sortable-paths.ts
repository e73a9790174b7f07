/**
 * The field paths D can sort countries by: every scalar leaf of the vendor's Country schema in
 * schema/country-data.yaml (through nested objects and lists; not through per-language maps,
 * whose keys are data). Read from the document so the choices follow it, by the build step
 * (interface.ts's `buildFacts`), which writes the list into the Mesh artefact: parsing the YAML
 * document took a tenth of the start-up.
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { parse } from 'yaml';

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

const LEAF_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

function leafPaths(node: SchemaNode, schemas: Record<string, SchemaNode>, prefix: string, seen: ReadonlySet<string>): string[] {
  if (node.$ref) {
    // The name a local reference ends with (`#/components/schemas/Country`).
    const name = posix.basename(node.$ref);
    const target = schemas[name];
    return target && !seen.has(name) ? leafPaths(target, schemas, prefix, new Set([...seen, name])) : [];
  }
  if (node.items) return leafPaths(node.items, schemas, prefix, seen);
  if (node.properties) {
    return Object.entries(node.properties).flatMap(([key, child]) => leafPaths(child, schemas, prefix ? `${prefix}.${key}` : key, seen));
  }
  const types = Array.isArray(node.type) ? node.type : [node.type ?? ''];
  return prefix && types.some((type) => LEAF_TYPES.has(type)) ? [prefix] : [];
}

/** The sortable paths of the Country record in the OpenAPI document at `file`. */
export function countrySortPaths(file: URL): ReadonlySet<string> {
  const document: { components: { schemas: Record<string, SchemaNode> } } = parse(readFileSync(file, 'utf8'));
  const schemas = document.components.schemas;
  const country = schemas.Country;
  if (!country) throw new TypeError(`${file.pathname} has no Country schema`);
  return new Set(leafPaths(country, schemas, '', new Set(['Country'])));
}
