/** User-agent parsing with `ua-parser-js` 1.x (MIT; version 2 is AGPL and not used). */
import { UAParser } from 'ua-parser-js';

const orNull = (value: string | undefined): string | null => value ?? null;

/** The vendor's shape: ua-parser's result with unknown parts as null rather than absent. */
export function parseUserAgent(ua: string): Record<string, unknown> {
  const result = new UAParser(ua).getResult();
  return {
    ua: result.ua,
    browser: {
      name: orNull(result.browser.name),
      version: orNull(result.browser.version),
      major: orNull(result.browser.major),
      type: null,
    },
    engine: { name: orNull(result.engine.name), version: orNull(result.engine.version) },
    os: { name: orNull(result.os.name), version: orNull(result.os.version) },
    device: { type: orNull(result.device.type), vendor: orNull(result.device.vendor), model: orNull(result.device.model) },
    cpu: { architecture: orNull(result.cpu.architecture) },
  };
}
