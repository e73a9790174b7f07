import { describe, expect, it } from 'vitest';
import { FreshnessRecorder } from './freshness-recorder.js';

describe('FreshnessRecorder', () => {
  it('is the shortest lifetime of its parts, shared only when every part is, private when any is', () => {
    const recorder = new FreshnessRecorder();
    expect(recorder.lifetime()).toEqual({ ttlMs: 0, shared: false, private: false });
    recorder.record({ ttlMs: 60_000, shared: true, private: false });
    recorder.record({ ttlMs: 20_000, shared: true, private: false });
    expect(recorder.lifetime()).toEqual({ ttlMs: 20_000, shared: true, private: false });
    recorder.record({ ttlMs: 30_000, shared: false, private: true });
    expect(recorder.lifetime()).toEqual({ ttlMs: 20_000, shared: false, private: true });
    recorder.record({ ttlMs: 0, shared: false, private: false });
    expect(recorder.lifetime().ttlMs).toBe(0);
  });
});
