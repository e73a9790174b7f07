/** Routes Yoga's own log calls to the gateway's pino logger, so there is one stream of JSON lines. */
import type { YogaServerOptions } from 'graphql-yoga';
import type { Logger } from '../logger.js';

type YogaLogging = Exclude<YogaServerOptions<object, object>['logging'], boolean | string | undefined>;

function forward(write: (object: object, message: string) => void) {
  return (...args: unknown[]): void => {
    const [first, ...rest] = args;
    if (first instanceof Error) write({ err: first }, 'yoga');
    else write(rest.length > 0 ? { details: rest } : {}, String(first));
  };
}

/** A Yoga `logging` object writing through `logger` (a child tagged `component: "yoga"`). */
export function yogaLogger(logger: Logger): YogaLogging {
  const child = logger.child({ component: 'yoga' });
  return {
    debug: forward((object, message) => child.debug(object, message)),
    info: forward((object, message) => child.info(object, message)),
    warn: forward((object, message) => child.warn(object, message)),
    error: forward((object, message) => child.error(object, message)),
  };
}
