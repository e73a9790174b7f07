import { describe, expect, it } from 'vitest';
import { defaultOptimizingTiers, holdOptimizingTiers, type TierEnvironment } from './optimizing-tiers.js';

const node = (nodeVersion: string, more: Partial<TierEnvironment> = {}): TierEnvironment => ({
  nodeVersion,
  arch: 'x64',
  execArgv: [],
  nodeOptions: undefined,
  ...more,
});

function held(environment: TierEnvironment): { flags: string[]; release: () => void } {
  const flags: string[] = [];
  const release = holdOptimizingTiers(environment, (set) => flags.push(set));
  return { flags, release };
}

describe('holdOptimizingTiers', () => {
  it('holds TurboFan and Maglev on Node 24 and gives back exactly those, once', () => {
    const { flags, release } = held(node('v24.21.0'));
    expect(flags).toEqual(['--no-turbofan --no-maglev']);
    release();
    release();
    expect(flags).toEqual(['--no-turbofan --no-maglev', '--turbofan --maglev']);
  });

  it('never turns Maglev on where the line has it off: Node 20, or a CPU without it', () => {
    expect(defaultOptimizingTiers(node('v20.20.2'))).toEqual(['turbofan']);
    expect(defaultOptimizingTiers(node('v24.21.0', { arch: 'ppc64' }))).toEqual(['turbofan']);
    const { flags, release } = held(node('v20.20.2'));
    release();
    expect(flags).toEqual(['--no-turbofan', '--turbofan']);
  });

  it.each([
    ['the command line', { execArgv: ['--no-opt'] }],
    ['the command line', { execArgv: ['--max-old-space-size=512', '--maglev'] }],
    ['NODE_OPTIONS', { nodeOptions: '--enable-source-maps --jitless' }],
    ['NODE_OPTIONS', { nodeOptions: '--no-turbofan' }],
  ])("leaves an operator's own tier flags alone (%s)", (_where, flags: Partial<TierEnvironment>) => {
    const { flags: set, release } = held(node('v24.21.0', flags));
    release();
    expect(set).toEqual([]);
  });

  it('holds as usual beside flags that choose no tier', () => {
    const { flags } = held(node('v24.21.0', { execArgv: ['--enable-source-maps'], nodeOptions: '--max-old-space-size=512' }));
    expect(flags).toEqual(['--no-turbofan --no-maglev']);
  });
});
