/**
 * LOG_LEVEL and LOG_SAMPLE_OK: read like every other variable, a bad value named at start-up
 * with what was expected, together with the other bad values.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the log settings', () => {
  it('default to info and every successful request', () => {
    expect(loadConfig({}).log).toEqual({ level: 'info', sampleOk: 1 });
  });

  it('read a level in any case and a share from 0 to 1', () => {
    expect(loadConfig({ LOG_LEVEL: 'WARN', LOG_SAMPLE_OK: '0.05' }).log).toEqual({ level: 'warn', sampleOk: 0.05 });
    expect(loadConfig({ LOG_LEVEL: 'silent', LOG_SAMPLE_OK: '0' }).log).toEqual({ level: 'silent', sampleOk: 0 });
    expect(loadConfig({ LOG_SAMPLE_OK: '1' }).log.sampleOk).toBe(1);
  });

  it('name a bad level and a bad share, with what was expected, beside the other bad values', () => {
    expect(problems({ LOG_LEVEL: 'verbose', LOG_SAMPLE_OK: '10%', PORT: 'x' })).toEqual(
      expect.arrayContaining([
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
        'LOG_SAMPLE_OK must be a number from 0 to 1 (the share of successful requests logged), got "10%"',
        expect.stringContaining('PORT'),
      ]),
    );
    expect(problems({ LOG_SAMPLE_OK: '1.5' })).toEqual([expect.stringContaining('LOG_SAMPLE_OK must be a number from 0 to 1')]);
    expect(problems({ LOG_SAMPLE_OK: '-0.1' })).toEqual([expect.stringContaining('LOG_SAMPLE_OK must be a number from 0 to 1')]);
  });
});
