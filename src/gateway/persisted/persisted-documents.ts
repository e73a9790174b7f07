/**
 * The persisted documents file (PERSISTED_DOCUMENTS): the operations a deployment's clients were
 * built with, by id. Two formats are read: a plain JSON object `{ "<id>": "<query>" }` (what
 * graphql-codegen's client preset and Relay write) and Apollo's persisted query manifest
 * `{ "format": "apollo-persisted-query-manifest", "operations": [{ "id", "body", "name" }] }`.
 */
import { readFileSync } from 'node:fs';

export type PersistedDocuments = ReadonlyMap<string, string>;

interface ApolloManifest {
  format: 'apollo-persisted-query-manifest';
  operations: { id: string; body: string }[];
}

function isApolloManifest(value: unknown): value is ApolloManifest {
  if (typeof value !== 'object' || value === null || !('format' in value) || value.format !== 'apollo-persisted-query-manifest')
    return false;
  return (
    'operations' in value &&
    Array.isArray(value.operations) &&
    value.operations.every(
      (operation: unknown) =>
        typeof operation === 'object' &&
        operation !== null &&
        'id' in operation &&
        typeof operation.id === 'string' &&
        'body' in operation &&
        typeof operation.body === 'string',
    )
  );
}

/** Reads the documents from JSON text; throws a message naming what is wrong with the file. */
export function parsePersistedDocuments(text: string, path: string): PersistedDocuments {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`PERSISTED_DOCUMENTS ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (isApolloManifest(parsed)) return new Map(parsed.operations.map((operation) => [operation.id, operation.body]));
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const entries = Object.entries(parsed);
    const bad = entries.find(([, query]) => typeof query !== 'string');
    if (bad) throw new TypeError(`PERSISTED_DOCUMENTS ${path}: the document "${bad[0]}" is not a string`);
    return new Map(entries.map(([id, query]) => [id, String(query)]));
  }
  throw new TypeError(`PERSISTED_DOCUMENTS ${path} must be a JSON object of id → query, or an Apollo persisted query manifest`);
}

/** Reads the documents file at `path`. */
export function loadPersistedDocuments(path: string): PersistedDocuments {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new TypeError(`PERSISTED_DOCUMENTS ${path} cannot be read (${code})`);
  }
  return parsePersistedDocuments(text, path);
}
