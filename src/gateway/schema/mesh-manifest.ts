/** The shape of the Mesh artefact that the build step writes and the gateway loads at start-up. */
import type { RenamePlan } from './rename-plan.js';

/** Where the artefact lives, relative to the repository root. */
export const MESH_ARTIFACT_DIR = 'dist/mesh';

export interface MeshSourceEntry {
  /** The source's name in its interface's `mesh-source.yml`. */
  name: string;
  /** The interface (interfaces/registry.ts) whose document the source was made from. */
  upstream: string;
  /** The annotated schema (operations as @httpOperation directives), beside the manifest. */
  schemaFile: string;
  /** The OpenAPI handler's options, less the document itself (endpoint, ignoreErrorResponses...). */
  handler: Record<string, unknown>;
  /** What the source's transforms do to the annotated schema (rename-plan.ts). */
  renames: RenamePlan;
}

export interface MeshManifest {
  sources: MeshSourceEntry[];
}
