/**
 * What the fast path settled for a request before handing it to Yoga's path (its id, its caller,
 * its rate decision), kept by the node request, so Yoga's adapter of the same step adopts it
 * instead of settling it again. Yoga makes its own Request object; the node request behind it is
 * its server context's `req`.
 */
export class HandOver<T> {
  private readonly handed = new WeakMap<object, T>();

  give(nodeRequest: object, value: T): void {
    this.handed.set(nodeRequest, value);
  }

  /** What was given for the node request behind Yoga's server context, if anything was. */
  of(serverContext: unknown): T | undefined {
    const nodeRequest: unknown =
      typeof serverContext === 'object' && serverContext !== null ? Reflect.get(serverContext, 'req') : undefined;
    return typeof nodeRequest === 'object' && nodeRequest !== null ? this.handed.get(nodeRequest) : undefined;
  }
}
