/**
 * The Kubernetes manifests (deploy/kubernetes, docs/kubernetes.md) checked offline: what
 * `kubectl apply -k` would read, against the API schemas with every field name checked, and
 * against the deployment policy; then each check is shown to fail on a manifest broken its way.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIoK8sApiCoreV1Container as Container } from 'kubernetes-models/v1/Container';
import { ConfigError, loadConfig } from '../../../src/gateway/config.js';
import { INTERFACES } from '../../../src/gateway/interfaces/registry.js';
import { ROOT } from '../../support/gateway.js';
import {
  allProblems,
  buildKustomization,
  containerEnvironment,
  KUBERNETES_DIR,
  kustomizationFolders,
  type Manifest,
  policyProblems,
  schemaProblems,
  unknownFieldProblems,
} from './kubernetes-manifest-checks.js';

const BASE = join(KUBERNETES_DIR, 'base');
const base = buildKustomization(BASE).manifests;

function find(manifests: readonly Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find(
    (manifest) => manifest.object.kind === kind && (manifest.object.metadata as { name?: string }).name === name,
  );
  if (!found) throw new Error(`${kind}/${name} is not in the base`);
  return found;
}

const deploymentOf = (manifests: readonly Manifest[]): IDeployment =>
  find(manifests, 'Deployment', 'gateway').object as unknown as IDeployment;

function gatewayContainer(manifests: readonly Manifest[]): Container {
  const container = deploymentOf(manifests).spec?.template.spec?.containers[0];
  if (!container) throw new Error('the gateway Deployment has no container');
  return container;
}

/** Every folder under `dir` that holds a YAML file. */
function yamlFolders(dir: string): string[] {
  const entries = readdirSync(dir).map((name) => join(dir, name));
  const here = entries.some((path) => /\.ya?ml$/.test(path)) ? [dir] : [];
  return [...here, ...entries.filter((path) => statSync(path).isDirectory()).flatMap(yamlFolders)];
}

describe('deploy/kubernetes', () => {
  // Loading kubernetes-models' declarations for the field-name check takes a few seconds once.
  beforeAll(() => void unknownFieldProblems(find(base, 'Service', 'gateway')), 60_000);

  it('is a kustomize layout: every folder with manifests has a kustomization, the base among them', () => {
    const folders = kustomizationFolders(KUBERNETES_DIR);
    expect(folders).toContain(BASE);
    expect(yamlFolders(KUBERNETES_DIR).filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it.each(kustomizationFolders(KUBERNETES_DIR).map((folder) => relative(ROOT, folder)))(
    '%s builds, passes the API schemas with known fields only, and meets the policy',
    (folder) => {
      expect(allProblems(join(ROOT, folder))).toEqual([]);
    },
  );

  it('holds the gateway, its Service, budget and autoscaler, its settings, and Redis with its Service and policy', () => {
    const kinds = base.map((manifest) => `${String(manifest.object.kind)}/${String((manifest.object.metadata as { name: string }).name)}`);
    expect(kinds.sort()).toEqual(
      [
        'ConfigMap/gateway-config',
        'Deployment/gateway',
        'Deployment/redis',
        'HorizontalPodAutoscaler/gateway',
        'NetworkPolicy/redis',
        'PodDisruptionBudget/gateway',
        'Service/gateway',
        'Service/redis',
      ].sort(),
    );
  });
});

describe('the manifests and the configuration the gateway reads', () => {
  const environment = containerEnvironment(gatewayContainer(base), base);
  const urls = INTERFACES.map(({ variables }) => variables.url);
  const filled = Object.fromEntries(urls.map((name) => [name, `https://${name.toLowerCase().replaceAll('_', '-')}.example`]));

  it('reads each vendor credential the registry names from the Secret, under that name', () => {
    const credentials = INTERFACES.flatMap(({ variables }) => [variables.key, 'userToken' in variables ? variables.userToken : undefined]);
    const fromSecret = (gatewayContainer(base).env ?? []).filter((variable) => variable.valueFrom?.secretKeyRef);
    expect(fromSecret.map((variable) => variable.name).sort()).toEqual(credentials.filter((name) => name !== undefined).sort());
    for (const variable of fromSecret) expect(variable.valueFrom?.secretKeyRef?.key).toBe(variable.name);
  });

  it('names every vendor URL, and a production gateway refuses to start until each is set', () => {
    expect(urls.every((name) => name in environment)).toBe(true);
    let refusal: unknown;
    try {
      loadConfig(environment);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    for (const name of urls) expect((refusal as ConfigError).message).toContain(`${name} is not set`);
  });

  it('is a valid production configuration once the URLs are set: Redis shared, the drain as the grace period expects', () => {
    const config = loadConfig({ ...environment, ...filled });
    expect(config.production).toBe(true);
    expect(config.redis?.url).toBe('redis://redis:6379');
    expect(config.port).toBe(gatewayContainer(base).ports?.[0]?.containerPort);
    expect(config.workers).toBe(1);
    expect(config.shutdownTimeoutMs).toBe(10_000);
  });
});

type Mutation = (manifests: Manifest[]) => void;

/** The object as plain fields, to give it one the schema does not have. */
const fieldsOf = (value: object | undefined): Record<string, unknown> => (value ?? {}) as unknown as Record<string, unknown>;

const container = (manifests: Manifest[]): Container => gatewayContainer(manifests);
const podSpec = (manifests: Manifest[]) => {
  const spec = deploymentOf(manifests).spec?.template.spec;
  if (!spec) throw new Error('the gateway Deployment has no pod spec');
  return spec;
};

/** Each broken variant of the base, and the message it must fail with. */
const BROKEN: [string, Mutation, string][] = [
  [
    'a misspelt container field',
    (manifests) => {
      const probed = fieldsOf(container(manifests));
      probed.livenessProbes = probed.livenessProbe;
      delete probed.livenessProbe;
    },
    'spec.template.spec.containers[0].livenessProbes is not a field of Container',
  ],
  [
    'a misspelt nested field',
    (manifests) => {
      const resources = fieldsOf(container(manifests).resources);
      resources.limit = resources.limits;
    },
    'spec.template.spec.containers[0].resources.limit is not a field of ResourceRequirements',
  ],
  [
    'a misspelt field in a list of objects',
    (manifests) => {
      fieldsOf(container(manifests).ports?.[0]).port = 4000;
    },
    'containers[0].ports[0].port is not a field of ContainerPort',
  ],
  [
    'a value of the wrong type',
    (manifests) => {
      fieldsOf(deploymentOf(manifests).spec).revisionHistoryLimit = 'five';
    },
    'spec/revisionHistoryLimit must be integer',
  ],
  [
    'a missing readiness probe',
    (manifests) => {
      delete container(manifests).readinessProbe;
    },
    'container gateway: has no readinessProbe (GET /readyz)',
  ],
  [
    'liveness on the wrong path',
    (manifests) => {
      const get = container(manifests).livenessProbe?.httpGet;
      if (get) get.path = '/readyz';
    },
    'livenessProbe must GET /healthz, got GET /readyz',
  ],
  [
    'a root user',
    (manifests) => {
      podSpec(manifests).securityContext = { runAsUser: 0, seccompProfile: { type: 'RuntimeDefault' } };
      delete container(manifests).securityContext?.runAsUser;
      delete container(manifests).securityContext?.runAsNonRoot;
    },
    'must run as a non-zero runAsUser, got 0',
  ],
  [
    'runAsNonRoot turned off',
    (manifests) => {
      const context = container(manifests).securityContext;
      if (context) context.runAsNonRoot = false;
    },
    'must set runAsNonRoot: true',
  ],
  [
    'a user other than the image’s',
    (manifests) => {
      const context = container(manifests).securityContext;
      if (context) context.runAsUser = 1001;
    },
    "runs as user 1001: the image's code cache belongs to 1000",
  ],
  [
    'a writable root filesystem',
    (manifests) => {
      const context = container(manifests).securityContext;
      if (context) context.readOnlyRootFilesystem = false;
    },
    'must set readOnlyRootFilesystem: true',
  ],
  [
    'capabilities kept',
    (manifests) => {
      const context = container(manifests).securityContext;
      if (context) context.capabilities = { drop: ['NET_RAW'] };
    },
    'must drop ALL capabilities',
  ],
  [
    'privilege escalation allowed',
    (manifests) => {
      const context = container(manifests).securityContext;
      if (context) delete context.allowPrivilegeEscalation;
    },
    'must set allowPrivilegeEscalation: false',
  ],
  [
    'no seccomp profile',
    (manifests) => {
      delete podSpec(manifests).securityContext?.seccompProfile;
    },
    'must use the RuntimeDefault seccomp profile, got undefined',
  ],
  [
    'no resources',
    (manifests) => {
      delete container(manifests).resources;
    },
    'must set resources requests.cpu, requests.memory, limits.memory',
  ],
  [
    'a vendor key written into the manifest',
    (manifests) => {
      const variable = container(manifests).env?.find((entry) => entry.name === 'CRYPTO_API_KEY');
      if (variable) {
        delete variable.valueFrom;
        variable.value = 'sk-live-123';
      }
    },
    'CRYPTO_API_KEY must come from a Secret',
  ],
  [
    'a vendor key in the ConfigMap',
    (manifests) => {
      (find(manifests, 'ConfigMap', 'gateway-config').object.data as Record<string, string>).COUNTRY_API_KEY = 'k';
    },
    'COUNTRY_API_KEY is a credential; it belongs in a Secret',
  ],
  [
    'no preStop',
    (manifests) => {
      delete container(manifests).lifecycle;
    },
    'has no lifecycle.preStop',
  ],
  [
    'a grace period shorter than the drain',
    (manifests) => {
      podSpec(manifests).terminationGracePeriodSeconds = 10;
    },
    'terminationGracePeriodSeconds 10 cuts the drain short',
  ],
  [
    'a longer drain without a longer grace period',
    (manifests) => {
      (find(manifests, 'ConfigMap', 'gateway-config').object.data as Record<string, string>).SHUTDOWN_TIMEOUT_MS = '30000';
    },
    'SHUTDOWN_TIMEOUT_MS (30 s) + 5 s to close need 40',
  ],
  [
    'a volume over the compile cache',
    (manifests) => {
      container(manifests).volumeMounts?.push({ name: 'tmp', mountPath: '/app/compile-cache' });
    },
    'mounts a volume at /app/compile-cache, hiding the code cache',
  ],
  [
    'NODE_ENV left out',
    (manifests) => {
      const gateway = container(manifests);
      gateway.env = gateway.env?.filter((variable) => variable.name !== 'NODE_ENV');
    },
    'must set NODE_ENV=production, got undefined',
  ],
  [
    'replicas beside the autoscaler',
    (manifests) => {
      const spec = deploymentOf(manifests).spec;
      if (spec) spec.replicas = 3;
    },
    'sets replicas though HorizontalPodAutoscaler/gateway',
  ],
  [
    'a Service that selects nothing',
    (manifests) => {
      (find(manifests, 'Service', 'gateway').object.spec as { selector: Record<string, string> }).selector = { app: 'gateway' };
    },
    'Service/gateway (deploy/kubernetes/base/gateway-service.yaml): its selector matches no workload',
  ],
  [
    'a kind without a schema',
    (manifests) => {
      manifests.push({
        source: 'extra.yaml',
        object: { apiVersion: 'extensions/v1beta1', kind: 'Ingress', metadata: { name: 'gateway' } },
      });
    },
    'no schema for extensions/v1beta1 Ingress',
  ],
];

describe('each check fails a manifest broken its way', () => {
  it.each(BROKEN)('%s', (_name, mutate, expected) => {
    const manifests = structuredClone(base);
    mutate(manifests);
    const problems = [...manifests.flatMap(schemaProblems), ...policyProblems(manifests)];
    expect(problems.join('\n')).toContain(expected);
  });

  it('needs its own field-name check: the schema validators alone accept a misspelt field', () => {
    const manifests = structuredClone(base);
    const probed = fieldsOf(container(manifests));
    probed.readinessProbes = probed.readinessProbe;
    const deployment = find(manifests, 'Deployment', 'gateway');
    expect(unknownFieldProblems(deployment)).toEqual([
      expect.stringContaining('containers[0].readinessProbes is not a field of Container'),
    ]);
    expect(schemaProblems(deployment)).toEqual(unknownFieldProblems(deployment));
  });

  it('reads broken files as kubectl apply -k would: unlisted and missing files, a wrong field, a missing probe, root', () => {
    const dir = join(ROOT, 'test/fixtures/kubernetes/broken');
    expect(existsSync(join(dir, 'forgotten.yaml'))).toBe(true);
    const problems = allProblems(dir).join('\n');
    expect(problems).toContain('resources lists missing.yaml, which does not exist');
    expect(problems).toContain('forgotten.yaml is not in resources, so kubectl apply -k would leave it out');
    expect(problems).toContain('spec.template.spec.containers[0].livenessProbes is not a field of Container');
    expect(problems).toContain('container gateway: has no livenessProbe (GET /healthz)');
    expect(problems).toContain('container gateway: has no readinessProbe (GET /readyz)');
    expect(problems).toContain('must run as a non-zero runAsUser, got 0');
  });
});
