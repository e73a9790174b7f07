/**
 * Build step: GraphQL Mesh reads the four OpenAPI documents named in `.meshrc.yml` once, here,
 * and writes each source's annotated schema (the operations as @httpOperation directives) plus a
 * manifest of the handler options and transforms to `dist/mesh/`, with the other facts the
 * gateway reads from the documents (D's sortable country paths). The gateway loads that
 * artefact at start-up (src/gateway/schema/mesh-sources.ts) instead of parsing the documents and
 * importing Mesh's CLI on every start.
 *
 * Usage: tsx scripts/build-mesh-artifact.ts [--check]   (--check: exit 1 if the artefact is stale)
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, PubSub } from '@graphql-mesh/utils';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { loadNonExecutableGraphQLSchemaFromOpenAPI } from '@omnigraph/openapi';
import { parse as parseYaml } from 'yaml';
import {
  COUNTRY_SORT_PATHS_FILE,
  MESH_ARTIFACT_DIR,
  type MeshManifest,
  type MeshSourceEntry,
} from '../src/gateway/schema/mesh-manifest.js';
import { countrySortPaths } from '../src/gateway/schema/sortable-paths.js';

interface MeshrcSource {
  name: string;
  handler: { openapi: { source: string; selectQueryOrMutationField?: { type: string; fieldName: string }[] } & Record<string, unknown> };
  transforms?: Record<string, unknown>[];
}

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, MESH_ARTIFACT_DIR);
const check = process.argv.includes('--check');

async function annotatedSchema(source: MeshrcSource): Promise<string> {
  const { selectQueryOrMutationField, ...options } = source.handler.openapi;
  const schema = await loadNonExecutableGraphQLSchemaFromOpenAPI(source.name, {
    ...options,
    cwd: root,
    fetch,
    logger: new DefaultLogger(source.name),
    pubsub: new PubSub(),
    selectQueryOrMutationField: selectQueryOrMutationField?.map(({ type, fieldName }) => ({
      type: type.toLowerCase() === 'mutation' ? 'mutation' : 'query',
      fieldName,
    })),
  });
  return printSchemaWithDirectives(schema);
}

const meshrc = parseYaml(readFileSync(join(root, '.meshrc.yml'), 'utf8')) as { sources: MeshrcSource[] };
const files = new Map<string, string>();
const sources: MeshSourceEntry[] = [];
for (const source of meshrc.sources) {
  const schemaFile = `${source.name}.graphql`;
  files.set(schemaFile, await annotatedSchema(source));
  const { source: _document, selectQueryOrMutationField: _fields, ...handler } = source.handler.openapi;
  sources.push({ name: source.name, schemaFile, handler, transforms: source.transforms ?? [] });
}
const manifest: MeshManifest = { sources };
files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
const sortPaths = [...countrySortPaths(new URL('../schema/country-data.yaml', import.meta.url))];
files.set(COUNTRY_SORT_PATHS_FILE, `${JSON.stringify(sortPaths, null, 1)}\n`);

const stale = [...files].filter(([file, text]) => !existsSync(join(outDir, file)) || readFileSync(join(outDir, file), 'utf8') !== text);
if (check) {
  if (stale.length > 0) {
    console.error(`The Mesh artefact is stale (${stale.map(([file]) => file).join(', ')}): run npm run build`);
    process.exit(1);
  }
} else {
  mkdirSync(outDir, { recursive: true });
  for (const [file, text] of stale) writeFileSync(join(outDir, file), text);
  console.error(`Mesh artefact: ${sources.length} sources in ${MESH_ARTIFACT_DIR} (${stale.length} file(s) written)`);
}
