/** The toy vendor's records as it sends them, which the toy's GraphQL types resolve from (interface.ts: `resolverTypes`). */
export interface ToyThingWire {
  id: string;
  name: string;
  /** The day the thing is as of (YYYY-MM-DD). */
  date: string;
}

export interface ToyStockWire {
  count: number;
}
