/**
 * Docker cannot run on the test machine, so the deployment files are checked for what can be
 * checked without an engine: the compose file's shape, the files it and the Dockerfile refer to,
 * and that every variable they set is documented.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../../support/gateway.js';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

interface ComposeService {
  build?: string;
  image?: string;
  deploy?: { replicas?: number };
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
}

const compose = parse(read('compose.yaml')) as { services: Record<string, ComposeService> };
const dockerfile = read('Dockerfile');
const configurationReference = read('docs/configuration.md');
const envExample = read('.env.example');

describe('compose.yaml', () => {
  it('runs two gateway replicas from this Dockerfile behind one published port, with Redis', () => {
    const { gateway, 'load-balancer': balancer, redis } = compose.services;
    expect(gateway?.build).toBe('.');
    expect(gateway?.deploy?.replicas).toBe(2);
    expect(gateway?.ports).toBeUndefined();
    expect(balancer?.ports).toHaveLength(1);
    expect(redis?.image).toMatch(/^redis:/);
    expect(gateway?.environment).toMatchObject({ HOST: '0.0.0.0', REDIS_URL: 'redis://redis:6379' });
  });

  it('mounts files that exist, and the balancer points at the gateway service', () => {
    const mounts = compose.services['load-balancer']?.volumes ?? [];
    for (const mount of mounts) expect(existsSync(join(ROOT, mount.split(':')[0] ?? ''))).toBe(true);
    expect(read('deploy/nginx.conf')).toContain('server gateway:4000');
  });

  it('gives the drain more time than SHUTDOWN_TIMEOUT_MS before Docker kills the process', () => {
    const gateway = compose.services.gateway;
    expect(Number.parseInt(gateway?.stop_grace_period ?? '0', 10) * 1000).toBeGreaterThan(
      Number(gateway?.environment?.SHUTDOWN_TIMEOUT_MS),
    );
  });

  it('sets only variables the configuration reference and .env.example document', () => {
    for (const name of Object.keys(compose.services.gateway?.environment ?? {})) {
      expect(configurationReference, name).toContain(`| \`${name}\` |`);
      expect(envExample, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    }
  });
});

describe('Dockerfile', () => {
  it('builds in one stage and runs the app as a non-root user in another, listening on all interfaces', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
    expect(dockerfile).toMatch(/^EXPOSE 4000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
  });

  it('copies only paths that exist and runs the compiled artefact the build stage made', () => {
    for (const [, sources] of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm))
      for (const source of (sources ?? '').split(' ')) expect(existsSync(join(ROOT, source)), source).toBe(true);
    const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(manifest.scripts.prepare).toBe('npm run build');
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(dockerfile).toContain('CMD ["node", "dist/main.js"]');
    expect(manifest.scripts.build).toMatch(/node scripts\/bundle\.mjs && node scripts\/prime-code-cache\.mjs$/);
  });

  it("hands the code cache the build primed to the gateway's own user in the runtime stage", () => {
    const [build, runtime] = dockerfile.split(/^FROM .* AS runtime$/m);
    expect(build).toMatch(/^ENV NODE_COMPILE_CACHE=\/app\/compile-cache$/m);
    expect(build?.indexOf('NODE_COMPILE_CACHE')).toBeLessThan(build?.indexOf('RUN npm ci') ?? 0);
    expect(runtime).toMatch(/NODE_COMPILE_CACHE=\/app\/compile-cache$/m);
    expect(runtime).toMatch(/^COPY --from=build --chown=node:node \/app\/compile-cache \.\/compile-cache$/m);
  });

  it("runs on the Node LTS line that CI tests besides the machine's Node", () => {
    const image = /^ARG NODE_VERSION=(\d+)-\S+$/m.exec(dockerfile)?.[1];
    const pinned = /^NODE_LTS_VERSION=(\d+)\.\d+\.\d+$/m.exec(read('scripts/node-lts.sh'))?.[1];
    expect(image).toBe('24');
    expect(pinned).toBe(image);
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\} AS build$/m);
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\} AS runtime$/m);
  });
});
