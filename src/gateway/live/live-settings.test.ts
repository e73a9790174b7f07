/** LIVE_* and MAX_SUBSCRIPTIONS_*: their defaults, their overrides, and a malformed value named in the error. */
import { describe, expect, it } from 'vitest';
import { liveFeeds, loadConfig } from '../config.js';
import { INTERFACES } from '../interfaces/registry.js';
import { DEFAULT_LIVE_SETTINGS, loadLiveSettings } from './live-settings.js';

/** The feeds the interfaces declare (interfaces/<name>/interface.ts: `liveFeeds`). */
const FEEDS = liveFeeds(INTERFACES);

describe('live settings', () => {
  it('defaults to 10 s for prices, 60 s for the market and rates, 30 s for the stablecoin', () => {
    const settings = loadLiveSettings({}, FEEDS);
    expect(settings).toEqual({ ...DEFAULT_LIVE_SETTINGS, intervalsMs: settings.intervalsMs });
    expect(settings.intervalsMs).toEqual({ prices: 10_000, market: 60_000, stablecoin: 30_000, rates: 60_000 });
  });

  it('reads every variable', () => {
    expect(
      loadLiveSettings(
        {
          LIVE_INTERVAL_MS_PRICES: '500',
          LIVE_INTERVAL_MS_MARKET: '600',
          LIVE_INTERVAL_MS_STABLECOIN: '700',
          LIVE_INTERVAL_MS_RATES: '800',
          LIVE_MAX_BACKOFF_MS: '9000',
          LIVE_MAX_KEYS: '3',
          MAX_SUBSCRIPTIONS_PER_CONNECTION: '4',
          MAX_SUBSCRIPTIONS_PER_CALLER: '5',
        },
        FEEDS,
      ),
    ).toEqual({
      intervalsMs: { prices: 500, market: 600, stablecoin: 700, rates: 800 },
      defaultIntervalMs: DEFAULT_LIVE_SETTINGS.defaultIntervalMs,
      maxBackoffMs: 9000,
      maxKeys: 3,
      maxPerConnection: 4,
      maxPerCaller: 5,
    });
  });

  it('refuses an interval under 100 ms or a cap of 0, naming the variable, with the rest of the configuration', () => {
    expect(() => loadConfig({ LIVE_INTERVAL_MS_PRICES: '10' })).toThrow(
      /LIVE_INTERVAL_MS_PRICES must be a whole number of at least 100, got "10"/,
    );
    expect(() => loadLiveSettings({ LIVE_MAX_KEYS: '0' }, FEEDS)).toThrow(/LIVE_MAX_KEYS/);
    expect(loadConfig({ MAX_SUBSCRIPTIONS_PER_CALLER: '7' }).live.maxPerCaller).toBe(7);
  });
});
