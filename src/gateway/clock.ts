/**
 * Where the gateway reads the time. It is injected (createGateway's `clock`) so that the
 * composition root can hand the gateway and its sandboxes one clock, and tests agree with both
 * about what "today" is on any day they run.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
