/** `cryptoBrief(date, currency)`: collects the inputs, then composes the brief from them alone. */
import type { BriefInput, BriefSection, CryptoBrief, StatementParent } from './brief-types.js';
import { collectBriefInputs } from './collect-brief-inputs.js';
import { composeBrief } from './compose-brief.js';
import { today } from '../../days.js';
import { badInput } from '../../errors.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

/** The Date scalar has checked the shape; a brief can only be written about the past. */
function dayArgument(value: string | null | undefined, now: Date): string {
  const current = today(now);
  const day = value ?? current;
  if (day > current) throw badInput('date', 'a day no later than today', day);
  return day;
}

function section(brief: CryptoBrief, name: BriefSection): StatementParent[] {
  const inputs = new Map(brief.inputs.map((input) => [input.id, input]));
  return brief.statements.filter((statement) => statement.section === name).map((statement) => ({ statement, inputs }));
}

/** The composer only cites inputs it was given, so a missing one is the gateway's own bug. */
function citedInput(parent: StatementParent, id: string): BriefInput {
  const input = parent.inputs.get(id);
  if (!input) throw new Error(`Brief statement ${parent.statement.kind} cites input ${id}, which the brief does not hold`);
  return input;
}

/**
 * What the brief needs from upstream (upstream/field-needs.ts): the calls it makes, as measured
 * against the sandboxes (it collects from A, B and D; see docs/interfaces/cross-interface.md).
 */
export const briefNeeds: FieldNeeds = {
  'Query.cryptoBrief': { calls: { 'crypto-analytics': 12, 'blockchain-utility': 1, 'country-data': 1 } },
};

export const cryptoBriefResolvers: Resolvers = {
  Query: {
    cryptoBrief: async (_root, args, context) => {
      const day = dayArgument(args.date, context.clock());
      return composeBrief(await collectBriefInputs(context, day, args.currency), day, args.currency);
    },
  },
  CryptoBrief: {
    inputCount: (brief) => brief.inputs.length,
    whatChanged: (brief) => section(brief, 'WHAT_CHANGED'),
    whyItMatters: (brief) => section(brief, 'WHY_IT_MATTERS'),
    whatToWatch: (brief) => section(brief, 'WHAT_TO_WATCH'),
  },
  BriefStatement: {
    section: (parent) => parent.statement.section,
    kind: (parent) => parent.statement.kind,
    text: (parent) => parent.statement.text,
    figures: (parent) => parent.statement.figures,
    inputs: (parent) => parent.statement.inputIds.map((id) => citedInput(parent, id)),
    follows: (parent) => parent.statement.follows ?? null,
  },
};
