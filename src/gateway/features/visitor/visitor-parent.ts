/** The visitor's fields resolve lazily from the request; the parent carries nothing. */
export type VisitorParent = Record<string, never>;
