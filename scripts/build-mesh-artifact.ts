/**
 * Build step: GraphQL Mesh reads the four OpenAPI documents named in `.meshrc.yml` once, here,
 * and writes each source's annotated schema (the operations as @httpOperation directives) plus a
 * manifest of the handler options and of what the source's transforms do (a rename plan, checked
 * against Mesh's own transforms before it is written) to `dist/mesh/`, with the other facts the
 * gateway reads from the documents (D's sortable country paths). The gateway loads that
 * artefact at start-up (src/gateway/schema/mesh-sources.ts) instead of parsing the documents and
 * importing Mesh's CLI on every start.
 *
 * Usage: tsx scripts/build-mesh-artifact.ts [--check]   (--check: exit 1 if the artefact is stale)
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processDirectives } from '@graphql-mesh/transport-rest';
import { DefaultLogger, PubSub } from '@graphql-mesh/utils';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { loadNonExecutableGraphQLSchemaFromOpenAPI } from '@omnigraph/openapi';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { parse as parseYaml } from 'yaml';
import {
  COUNTRY_SORT_PATHS_FILE,
  MESH_ARTIFACT_DIR,
  type MeshManifest,
  type MeshSourceEntry,
} from '../src/gateway/schema/mesh-manifest.js';
import { constantCaseEnumValues } from '../src/gateway/schema/enum-value-case.js';
import { applyMeshTransforms } from '../src/gateway/schema/mesh-transforms.js';
import { deriveRenamePlan, type RenamePlan } from '../src/gateway/schema/rename-plan.js';
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

/**
 * What the source's transforms and the gateway's enum value casing do, learnt from running them
 * on the executable source schema.
 */
function renamePlan(source: MeshrcSource, annotated: string): RenamePlan {
  const pubsub = new PubSub();
  const logger = new DefaultLogger(source.name);
  const executable = (): GraphQLSchema =>
    processDirectives(buildSchema(annotated, { assumeValidSDL: true }), { pubsub, logger, globalFetch: fetch });
  const transformed = constantCaseEnumValues(
    applyMeshTransforms(executable(), source.transforms ?? [], { apiName: source.name, baseDir: root, pubsub, logger }),
  );
  try {
    return deriveRenamePlan(executable(), transformed);
  } catch (error) {
    throw new Error(`${source.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const meshrc = parseYaml(readFileSync(join(root, '.meshrc.yml'), 'utf8')) as { sources: MeshrcSource[] };
const files = new Map<string, string>();
const sources: MeshSourceEntry[] = [];
for (const source of meshrc.sources) {
  const schemaFile = `${source.name}.graphql`;
  const annotated = await annotatedSchema(source);
  files.set(schemaFile, annotated);
  const { source: _document, selectQueryOrMutationField: _fields, ...handler } = source.handler.openapi;
  sources.push({ name: source.name, schemaFile, handler, renames: renamePlan(source, annotated) });
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
