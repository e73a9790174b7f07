/**
 * Build step: the Mesh artefact of the registered interfaces (scripts/mesh-artifact.ts) in
 * `dist/mesh/`, with the other facts each interface declares the gateway reads from its document
 * (`buildFacts`), and each OpenAPI document as JSON in `dist/openapi/` (read by
 * src/gateway/upstream/openapi-document.ts). It iterates the registry and names no interface.
 *
 * Usage: tsx scripts/build-mesh-artifact.ts [--check]   (--check: exit 1 if the artefact is stale)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTERFACES } from '../src/gateway/interfaces/registry.js';
import { MESH_ARTIFACT_DIR } from '../src/gateway/schema/mesh-manifest.js';
import { DOCUMENT_COPY_DIR, documentCopy, documentCopyFile } from '../src/gateway/upstream/openapi-document.js';
import { meshArtifactFiles, syncArtifact } from './mesh-artifact.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

const files = await meshArtifactFiles(INTERFACES, root);
// The documents as JSON, which the gateway reads to check upstream answers (openapi-document.ts).
const copies = new Map(
  INTERFACES.map(({ vendor }) => [
    documentCopyFile(vendor.document),
    `${JSON.stringify(documentCopy(readFileSync(vendor.document, 'utf8')))}\n`,
  ]),
);
const stale = [
  ...syncArtifact(join(root, MESH_ARTIFACT_DIR), files, check),
  ...syncArtifact(join(root, DOCUMENT_COPY_DIR), copies, check).map((file) => `${DOCUMENT_COPY_DIR}/${file}`),
];
if (check && stale.length > 0) {
  console.error(`The Mesh artefact is stale (${stale.join(', ')}): run npm run build`);
  process.exit(1);
}
if (!check)
  console.error(
    `Mesh artefact: ${INTERFACES.length} sources in ${MESH_ARTIFACT_DIR} and ${DOCUMENT_COPY_DIR} (${stale.length} file(s) written)`,
  );
