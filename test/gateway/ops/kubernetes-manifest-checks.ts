/**
 * Offline checks of the Kubernetes manifests under deploy/kubernetes, with no cluster and no kubectl:
 *
 * - what `kustomize build` would read: each kustomization's `resources`, which must name every
 *   manifest beside it and nothing missing;
 * - the Kubernetes API schemas, through kubernetes-models' validators (types, required fields);
 * - field names: those validators accept unknown fields (their JSON schemas set no
 *   additionalProperties), so a misspelt `livenessProbes` would pass them and be dropped by the API
 *   server. Each object is walked against the model's TypeScript declaration instead, which lists
 *   exactly the schema's fields;
 * - the deployment policy: probes, drain timing, non-root read-only containers, resources, secrets.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { IIoK8sApiCoreV1Container as Container } from 'kubernetes-models/v1/Container';
import type { IIoK8sApiCoreV1PodSpec as PodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IIoK8sApiCoreV1Probe as Probe } from 'kubernetes-models/v1/Probe';
import type { IIoK8sApiCoreV1SecurityContext as SecurityContext } from 'kubernetes-models/v1/SecurityContext';
import { ROOT } from '../../support/gateway.js';

export const KUBERNETES_DIR = join(ROOT, 'deploy/kubernetes');

/** The gateway's image (Dockerfile, compose.yaml); a container running it is a gateway container. */
const GATEWAY_IMAGE = 'four-rest-one-graph';
/** The image's `node` user, owner of /app/compile-cache: the gateway reads a code cache only from its own user's folder. */
const IMAGE_USER = 1000;
/** Where the image keeps the code cache its build primed. */
const COMPILE_CACHE = '/app/compile-cache';
/** SHUTDOWN_TIMEOUT_MS's default (src/gateway/config.ts). */
const DEFAULT_SHUTDOWN_MS = 10_000;
/** After the drain's deadline: closing Mesh's handles and the Redis clients before the kubelet's SIGKILL. */
const CLOSE_MARGIN_SECONDS = 5;
/** Variable names that hold credentials, and so may only come from a Secret. */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD)$/;

export interface Manifest {
  /** Relative to the repository, with the document's index when the file holds several. */
  source: string;
  object: Record<string, unknown>;
}

interface ModelClass {
  new (data: never): { validate(): void };
}

/** Every kind the manifests may use: its model (validator) and the TypeScript declaration of its fields. */
const KINDS: Record<string, { model: ModelClass; declaration: string }> = {
  'apps/v1 Deployment': { model: Deployment, declaration: 'apps/v1/Deployment#IDeployment' },
  'apps/v1 StatefulSet': { model: StatefulSet, declaration: 'apps/v1/StatefulSet#IStatefulSet' },
  'autoscaling/v2 HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    declaration: 'autoscaling/v2/HorizontalPodAutoscaler#IHorizontalPodAutoscaler',
  },
  'networking.k8s.io/v1 NetworkPolicy': { model: NetworkPolicy, declaration: 'networking.k8s.io/v1/NetworkPolicy#INetworkPolicy' },
  'policy/v1 PodDisruptionBudget': { model: PodDisruptionBudget, declaration: 'policy/v1/PodDisruptionBudget#IPodDisruptionBudget' },
  'v1 ConfigMap': { model: ConfigMap, declaration: 'v1/ConfigMap#IConfigMap' },
  'v1 Secret': { model: Secret, declaration: 'v1/Secret#ISecret' },
  'v1 Service': { model: Service, declaration: 'v1/Service#IService' },
  'v1 ServiceAccount': { model: ServiceAccount, declaration: 'v1/ServiceAccount#IServiceAccount' },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const kindKey = (object: Record<string, unknown>): string => `${String(object.apiVersion)} ${String(object.kind)}`;

/** `Deployment/gateway (deploy/kubernetes/base/gateway-deployment.yaml)`: how every message names an object. */
export function nameOf(manifest: Manifest): string {
  const metadata = isRecord(manifest.object.metadata) ? manifest.object.metadata : {};
  return `${String(manifest.object.kind)}/${String(metadata.name)} (${manifest.source})`;
}

/** Parses one YAML file into its documents; a syntax error is a problem, not an exception. */
export function parseManifests(file: string, text = readFileSync(file, 'utf8')): { manifests: Manifest[]; problems: string[] } {
  const source = relative(ROOT, file);
  const documents = parseAllDocuments(text);
  const problems: string[] = [];
  const manifests: Manifest[] = [];
  documents.forEach((document, index) => {
    const name = documents.length > 1 ? `${source}#${index}` : source;
    for (const error of document.errors) problems.push(`${name}: ${error.message}`);
    const object: unknown = document.toJS();
    if (object === null || object === undefined) return;
    if (!isRecord(object)) problems.push(`${name}: a manifest must be a mapping`);
    else manifests.push({ source: name, object });
  });
  return { manifests, problems };
}

interface Kustomization {
  resources?: unknown;
}

/**
 * What `kustomize build <dir>` reads, approximated: the manifests its `resources` list (a folder
 * listed is built the same way), and a problem for each listed path that is missing and for each
 * manifest beside the kustomization that it does not list (it would silently not be applied).
 */
export function buildKustomization(dir: string): { manifests: Manifest[]; problems: string[] } {
  const kustomizationFile = join(dir, 'kustomization.yaml');
  const where = relative(ROOT, kustomizationFile);
  const kustomization = parseManifests(kustomizationFile);
  const [root] = kustomization.manifests;
  const listed = (root?.object as Kustomization | undefined)?.resources;
  const problems = [...kustomization.problems];
  if (!Array.isArray(listed) || !listed.every((entry) => typeof entry === 'string')) {
    return { manifests: [], problems: [...problems, `${where}: resources must be a list of paths`] };
  }
  const manifests: Manifest[] = [];
  for (const entry of listed as string[]) {
    const path = join(dir, entry);
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      problems.push(`${where}: resources lists ${entry}, which does not exist`);
      continue;
    }
    const built = isFolder ? buildKustomization(path) : parseManifests(path);
    manifests.push(...built.manifests);
    problems.push(...built.problems);
  }
  const beside = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name) && name !== 'kustomization.yaml');
  for (const name of beside) {
    if (!(listed as string[]).includes(name))
      problems.push(`${where}: ${name} is not in resources, so kubectl apply -k would leave it out`);
  }
  return { manifests, problems };
}

/** Every folder under `dir` (itself included) that holds a kustomization.yaml. */
export function kustomizationFolders(dir: string): string[] {
  const here = readdirSync(dir).includes('kustomization.yaml') ? [dir] : [];
  const below = readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory())
    .flatMap(kustomizationFolders);
  return [...here, ...below];
}

/** The declared type of each kind's fields, from kubernetes-models' own declarations (built once). */
interface Declarations {
  checker: ts.TypeChecker;
  types: Map<string, ts.Type>;
}

let declarations: Declarations | undefined;

function loadDeclarations(): Declarations {
  const entries = Object.entries(KINDS);
  const file = join(ROOT, 'test/gateway/ops/kubernetes-kinds.virtual.ts');
  const source = [
    ...entries.map(([, { declaration }], index) => {
      const [module, name] = declaration.split('#');
      return `import type { ${name} as Kind${index} } from 'kubernetes-models/${module}';`;
    }),
    `export interface Kinds {`,
    ...entries.map(([key], index) => `  '${key}': Kind${index};`),
    `}`,
  ].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    types: [],
    lib: ['lib.es2020.d.ts'],
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  if (problems.length > 0) throw new Error(`kubernetes-models' declarations did not load:\n${problems.join('\n')}`);
  const kinds = program.getSourceFile(file)?.statements.find(ts.isInterfaceDeclaration);
  if (!kinds) throw new Error('the Kinds interface is missing from the virtual file');
  const kindsType = checker.getTypeAtLocation(kinds.name);
  const types = new Map(entries.map(([key]) => [key, checker.getTypeOfSymbol(checker.getPropertyOfType(kindsType, key) as ts.Symbol)]));
  return { checker, types };
}

/** `IIoK8sApiCoreV1Container` → `Container`: the name the Kubernetes reference uses. */
function typeName(checker: ts.TypeChecker, type: ts.Type): string {
  return checker
    .typeToString(type)
    .replace(/^IIoK8s\w*?V\d+(?:(?:alpha|beta)\d+)?(?=[A-Z])/, '')
    .replace(/^I(?=[A-Z])/, '');
}

function fieldType(checker: ts.TypeChecker, owner: ts.Type, field: string): ts.Type | undefined {
  const property = checker.getPropertyOfType(owner, field);
  if (property) return checker.getTypeOfSymbol(property);
  return checker.getIndexInfoOfType(owner, ts.IndexKind.String)?.type;
}

function walk(checker: ts.TypeChecker, value: unknown, declared: ts.Type, path: string, problems: string[]): void {
  if (typeof value !== 'object' || value === null) return;
  const type = checker.getNonNullableType(declared);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  if (Array.isArray(value)) {
    const element = checker.getIndexInfoOfType(type, ts.IndexKind.Number)?.type;
    // A list where the schema has an object is the validator's to report.
    if (element) value.forEach((item, index) => walk(checker, item, element, `${path}[${index}]`, problems));
    return;
  }
  // Unions: IntOrString and the like are primitives (the validator's business); an object may match any object member.
  const owners = (type.isUnion() ? type.types : [type]).filter((member) => member.flags & ts.TypeFlags.Object);
  if (owners.length === 0) return;
  for (const [field, child] of Object.entries(value)) {
    const where = path === '' ? field : `${path}.${field}`;
    const types = owners.map((owner) => fieldType(checker, owner, field)).filter((found): found is ts.Type => found !== undefined);
    const [first] = types;
    if (first === undefined) {
      const known = owners.flatMap((owner) => checker.getPropertiesOfType(owner).map((property) => property.name));
      problems.push(
        `${where} is not a field of ${owners.map((owner) => typeName(checker, owner)).join(' | ')} (its fields: ${known.join(', ')})`,
      );
      continue;
    }
    walk(checker, child, first, where, problems);
  }
}

/** Field names the kind's schema does not have, each with its path; empty for a kind without a model (schemaProblems says so). */
export function unknownFieldProblems(manifest: Manifest): string[] {
  declarations ??= loadDeclarations();
  const declared = declarations.types.get(kindKey(manifest.object));
  if (declared === undefined) return [];
  const problems: string[] = [];
  walk(declarations.checker, manifest.object, declared, '', problems);
  return problems.map((problem) => `${nameOf(manifest)}: ${problem}`);
}

/** The Kubernetes API schema's verdict (types, required fields, enums) and the field names it does not check. */
export function schemaProblems(manifest: Manifest): string[] {
  const kind = KINDS[kindKey(manifest.object)];
  if (kind === undefined)
    return [`${nameOf(manifest)}: no schema for ${kindKey(manifest.object)} (known: ${Object.keys(KINDS).join(', ')})`];
  const problems: string[] = [];
  try {
    new kind.model(manifest.object as never).validate();
  } catch (error) {
    problems.push(`${nameOf(manifest)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return [...problems, ...unknownFieldProblems(manifest)];
}

function named(manifests: readonly Manifest[], kind: string, name: string): Manifest | undefined {
  return manifests.find(
    (manifest) => manifest.object.kind === kind && isRecord(manifest.object.metadata) && manifest.object.metadata.name === name,
  );
}

interface Workload {
  manifest: Manifest;
  spec: { replicas?: number; template?: { metadata?: { labels?: Record<string, string> }; spec?: PodSpec } };
}

function workloads(manifests: readonly Manifest[]): Workload[] {
  return manifests
    .filter((manifest) => manifest.object.kind === 'Deployment' || manifest.object.kind === 'StatefulSet')
    .map((manifest) => ({ manifest, spec: (manifest.object.spec ?? {}) as Workload['spec'] }));
}

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean =>
  selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

/** The container's variables as the process would see them: its ConfigMaps, then its own `env`; a Secret's value as `<secret>`. */
export function containerEnvironment(container: Container, manifests: readonly Manifest[]): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const configMap = source.configMapRef ? named(manifests, 'ConfigMap', source.configMapRef.name ?? '') : undefined;
    Object.assign(environment, (configMap?.object.data ?? {}) as Record<string, string>);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) environment[variable.name] = variable.value;
    else if (variable.valueFrom?.secretKeyRef) environment[variable.name] = '<secret>';
  }
  return environment;
}

function preStopSeconds(container: Container): number | undefined {
  const preStop = container.lifecycle?.preStop;
  if (!preStop) return undefined;
  if (preStop.sleep) return preStop.sleep.seconds;
  const [program, seconds] = preStop.exec?.command ?? [];
  return program === 'sleep' && seconds !== undefined ? Number(seconds) : 0;
}

function probeProblems(container: Container, probe: Probe | undefined, kind: string, path: string, port: number): string[] {
  if (!probe) return [`has no ${kind} (GET ${path})`];
  const get = probe.httpGet;
  if (get?.path !== path) return [`${kind} must GET ${path}, got ${get ? `GET ${get.path ?? '/'}` : 'no httpGet'}`];
  const probed = container.ports?.find((entry) => entry.name === get.port || entry.containerPort === get.port);
  return probed?.containerPort === port ? [] : [`${kind} probes port ${String(get.port)}, not the gateway's PORT ${port}`];
}

function securityProblems(pod: PodSpec, container: Container): string[] {
  const own: SecurityContext = container.securityContext ?? {};
  const inherited = pod.securityContext ?? {};
  const runAsNonRoot = own.runAsNonRoot ?? inherited.runAsNonRoot;
  const runAsUser = own.runAsUser ?? inherited.runAsUser;
  const seccomp = own.seccompProfile?.type ?? inherited.seccompProfile?.type;
  const problems: string[] = [];
  if (runAsNonRoot !== true) problems.push('must set runAsNonRoot: true');
  if (runAsUser === undefined || runAsUser === 0) problems.push(`must run as a non-zero runAsUser, got ${String(runAsUser)}`);
  if (own.readOnlyRootFilesystem !== true) problems.push('must set readOnlyRootFilesystem: true');
  if (own.allowPrivilegeEscalation !== false) problems.push('must set allowPrivilegeEscalation: false');
  if (own.privileged === true) problems.push('must not be privileged');
  if (!own.capabilities?.drop?.includes('ALL')) problems.push('must drop ALL capabilities');
  if ((own.capabilities?.add ?? []).length > 0) problems.push(`must add no capabilities, adds ${own.capabilities?.add?.join(', ')}`);
  if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
    problems.push(`must use the RuntimeDefault seccomp profile, got ${String(seccomp)}`);
  return problems;
}

function resourceProblems(container: Container): string[] {
  const { requests = {}, limits = {} } = container.resources ?? {};
  const missing = [
    ...['cpu', 'memory'].filter((name) => requests[name] === undefined).map((name) => `requests.${name}`),
    ...(limits.memory === undefined ? ['limits.memory'] : []),
  ];
  return missing.length > 0 ? [`must set resources ${missing.join(', ')}`] : [];
}

function secretProblems(container: Container): string[] {
  return (container.env ?? [])
    .filter((variable) => SECRET_NAME.test(variable.name) && !variable.valueFrom?.secretKeyRef)
    .map(
      (variable) => `${variable.name} must come from a Secret (valueFrom.secretKeyRef or envFrom.secretRef), not a literal or ConfigMap`,
    );
}

/** What only the gateway needs: its probes, a drain that can finish, the image's user and code cache, production. */
function gatewayProblems(workload: Workload, container: Container, manifests: readonly Manifest[]): string[] {
  const pod = workload.spec.template?.spec ?? { containers: [] };
  const environment = containerEnvironment(container, manifests);
  const port = Number(environment.PORT ?? 4000);
  const shutdownSeconds = Number(environment.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_MS) / 1000;
  const problems = [
    ...probeProblems(container, container.livenessProbe, 'livenessProbe', '/healthz', port),
    ...probeProblems(container, container.readinessProbe, 'readinessProbe', '/readyz', port),
  ];
  const pause = preStopSeconds(container);
  if (pause === undefined)
    problems.push('has no lifecycle.preStop: the listener would close before the endpoints stop sending to this pod');
  const grace = pod.terminationGracePeriodSeconds ?? 30;
  const needed = (pause ?? 0) + shutdownSeconds + CLOSE_MARGIN_SECONDS;
  if (grace < needed) {
    problems.push(
      `terminationGracePeriodSeconds ${grace} cuts the drain short: the preStop pause (${pause ?? 0} s) + SHUTDOWN_TIMEOUT_MS (${shutdownSeconds} s) + ${CLOSE_MARGIN_SECONDS} s to close need ${needed}`,
    );
  }
  const liveness = container.livenessProbe;
  if (liveness && (liveness.periodSeconds ?? 10) * (liveness.failureThreshold ?? 3) <= shutdownSeconds) {
    problems.push('livenessProbe gives up within SHUTDOWN_TIMEOUT_MS, so a draining pod (listener closed) would be killed');
  }
  const runAsUser = container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
  if (runAsUser !== undefined && runAsUser !== 0 && runAsUser !== IMAGE_USER) {
    problems.push(
      `runs as user ${runAsUser}: the image's code cache belongs to ${IMAGE_USER} (node), and another user's process ignores it`,
    );
  }
  if (environment.NODE_ENV !== 'production') problems.push(`must set NODE_ENV=production, got ${String(environment.NODE_ENV)}`);
  if (environment.NODE_COMPILE_CACHE !== COMPILE_CACHE)
    problems.push(`must set NODE_COMPILE_CACHE=${COMPILE_CACHE}, the image's primed cache`);
  for (const mount of container.volumeMounts ?? []) {
    const path = mount.mountPath.replace(/\/$/, '');
    if (COMPILE_CACHE === path || COMPILE_CACHE.startsWith(`${path}/`)) {
      problems.push(`mounts a volume at ${mount.mountPath}, hiding the code cache the image ships in ${COMPILE_CACHE}`);
    }
  }
  if (environment.REDIS_URL === undefined) problems.push('has no REDIS_URL: replicas would not share the cache, limits or live bus');
  return problems;
}

function referenceProblems(manifests: readonly Manifest[], pods: readonly Workload[]): string[] {
  const problems: string[] = [];
  const podLabels = pods.map((workload) => workload.spec.template?.metadata?.labels);
  for (const manifest of manifests) {
    const spec = (manifest.object.spec ?? {}) as Record<string, unknown>;
    if (
      manifest.object.kind === 'Service' &&
      !podLabels.some((labels) => selects(spec.selector as Record<string, string> | undefined, labels))
    ) {
      problems.push(`${nameOf(manifest)}: its selector matches no workload's pods`);
    }
    if (manifest.object.kind === 'PodDisruptionBudget') {
      const selector = (spec.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels;
      if (!podLabels.some((labels) => selects(selector, labels)))
        problems.push(`${nameOf(manifest)}: its selector matches no workload's pods`);
    }
    if (manifest.object.kind === 'HorizontalPodAutoscaler') {
      const target = spec.scaleTargetRef as { kind: string; name: string };
      const scaled = pods.find((workload) => workload.manifest === named(manifests, target.kind, target.name));
      if (!scaled) problems.push(`${nameOf(manifest)}: scales ${target.kind}/${target.name}, which is not among the manifests`);
      else if (scaled.spec.replicas !== undefined) {
        problems.push(`${nameOf(scaled.manifest)}: sets replicas though ${nameOf(manifest)} owns the count (each apply would reset it)`);
      }
    }
    if (manifest.object.kind === 'ConfigMap') {
      for (const key of Object.keys((manifest.object.data ?? {}) as Record<string, string>).filter((name) => SECRET_NAME.test(name))) {
        problems.push(`${nameOf(manifest)}: ${key} is a credential; it belongs in a Secret`);
      }
    }
    if (
      manifest.object.kind === 'Secret' &&
      Object.keys({ ...(manifest.object.data ?? {}), ...(manifest.object.stringData ?? {}) }).length > 0
    ) {
      problems.push(`${nameOf(manifest)}: holds values in the repository; create the Secret in the cluster instead (docs/kubernetes.md)`);
    }
  }
  return problems;
}

/** The deployment policy over a whole build; every message names the object and what to change. */
export function policyProblems(manifests: readonly Manifest[]): string[] {
  const pods = workloads(manifests);
  const problems = referenceProblems(manifests, pods);
  for (const workload of pods) {
    const pod = workload.spec.template?.spec ?? { containers: [] };
    for (const container of pod.containers) {
      const prefix = `${nameOf(workload.manifest)} container ${container.name}: `;
      const gateway = container.image?.split(':')[0] === GATEWAY_IMAGE;
      const own = [
        ...(gateway ? gatewayProblems(workload, container, manifests) : []),
        ...(gateway || container.livenessProbe ? [] : ['has no livenessProbe']),
        ...(gateway || container.readinessProbe ? [] : ['has no readinessProbe']),
        ...securityProblems(pod, container),
        ...resourceProblems(container),
        ...secretProblems(container),
      ];
      for (const reference of container.envFrom ?? []) {
        const name = reference.configMapRef?.name;
        if (name !== undefined && !named(manifests, 'ConfigMap', name))
          own.push(`reads ConfigMap ${name}, which is not among the manifests`);
      }
      problems.push(...own.map((problem) => prefix + problem));
    }
  }
  return problems;
}

/** Every problem of one build: kustomization, schema, field names and policy. */
export function allProblems(dir: string): string[] {
  const built = buildKustomization(dir);
  return [...built.problems, ...built.manifests.flatMap(schemaProblems), ...policyProblems(built.manifests)];
}
