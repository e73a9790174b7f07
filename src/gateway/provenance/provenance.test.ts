import { describe, expect, it } from 'vitest';
import { ProvenanceRecorder } from './provenance.js';

describe('ProvenanceRecorder', () => {
  it('marks generated data when the envelope says so', () => {
    const recorder = new ProvenanceRecorder();
    recorder.record('crypto-analytics', { success: true, message: 'Data fetched successfully (sandbox: generated market data)', data: [] });
    expect(recorder.entries(new Set(['crypto-analytics']))).toEqual([{ interface: 'crypto-analytics', sandbox: true, generated: true }]);
  });

  it("keeps the earliest reference day, and ignores a country record's calendar conventions", () => {
    const recorder = new ProvenanceRecorder();
    recorder.record('country-data', { data: { objects: [{ base: 'USD', date: '2026-05-02', rates: {} }] } });
    recorder.record('country-data', { data: { objects: [{ base: 'EUR', date: '2026-04-30T00:00:00Z', rates: {} }] } });
    recorder.record('country-data', { data: { objects: [{ uuid: 'x', date: { start_of_week: 'monday' } }] } });
    expect(recorder.entries(new Set())).toEqual([{ interface: 'country-data', sandbox: false, generated: false, asOf: '2026-04-30' }]);
  });

  it('lists every interface answered, by name, and nothing for an answer that is not an object', () => {
    const recorder = new ProvenanceRecorder();
    recorder.record('country-data', undefined);
    recorder.record('address', { result: { hits: [] } });
    expect(recorder.entries(new Set(['address']))).toEqual([
      { interface: 'address', sandbox: true, generated: false },
      { interface: 'country-data', sandbox: false, generated: false },
    ]);
  });
});
