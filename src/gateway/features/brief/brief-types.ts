/** The shapes of the daily crypto brief, shared by the collector, the composer and the resolver. */
import type { UpstreamName } from '../../config.js';

/** One number the brief rests on, with where it came from. */
export interface BriefInput {
  /** Stable across runs: operation, token, field and date. */
  id: string;
  source: UpstreamName;
  /** The upstream operation (the GraphQL field of that interface) the value came from. */
  operation: string;
  /** Symbol of the token the value is about, if any. */
  token: string | null;
  /** The vendor's field name, e.g. CLOSE or TM_INVESTOR_GRADE. */
  field: string;
  value: number;
  /** The day the value is for (YYYY-MM-DD), if it is dated. */
  date: string | null;
}

export type BriefSection = 'WHAT_CHANGED' | 'WHY_IT_MATTERS' | 'WHAT_TO_WATCH';

/** A number a statement states, named so a reader (or a test) can recompute it. */
export interface BriefFigure {
  name: string;
  value: number;
}

export interface BriefStatement {
  section: BriefSection;
  /** What kind of statement this is; the same kind is always computed the same way. */
  kind: string;
  text: string;
  figures: BriefFigure[];
  /** Ids of the inputs the statement rests on. */
  inputIds: string[];
  /** For a why-it-matters statement: the kind of the what-changed statement it follows from. */
  follows?: string;
}

export interface CryptoBrief {
  date: string;
  currency: string;
  headline: string;
  statements: BriefStatement[];
  inputs: BriefInput[];
}

/** A statement as the schema shows it: its inputs resolved from ids to records. */
export interface StatementParent {
  statement: BriefStatement;
  inputs: ReadonlyMap<string, BriefInput>;
}

/** Builds an input's id from what identifies it. */
export function inputId(operation: string, token: string | null, field: string, date: string | null): string {
  return [operation, token ?? '-', field, date ?? '-'].join(':');
}
