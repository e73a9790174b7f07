/** `cryptoBrief(date, currency)`: collects the inputs, then composes the brief from them alone. */
import type { BriefInput, BriefSection, BriefStatement, CryptoBrief } from './brief-types.js';
import { collectBriefInputs } from './collect-brief-inputs.js';
import { composeBrief } from './compose-brief.js';
import { today } from '../../days.js';
import type { GatewayContext } from '../../context.js';
import { badInput } from '../../errors.js';

/** A statement as the schema shows it: its inputs resolved from ids to records. */
interface StatementParent {
  statement: BriefStatement;
  inputs: ReadonlyMap<string, BriefInput>;
}

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

export const cryptoBriefResolvers = {
  Query: {
    cryptoBrief: async (
      _root: unknown,
      args: { date?: string | null; currency: string },
      context: GatewayContext,
    ): Promise<CryptoBrief> => {
      const day = dayArgument(args.date, context.clock());
      return composeBrief(await collectBriefInputs(context, day, args.currency), day, args.currency);
    },
  },
  CryptoBrief: {
    inputCount: (brief: CryptoBrief) => brief.inputs.length,
    whatChanged: (brief: CryptoBrief) => section(brief, 'WHAT_CHANGED'),
    whyItMatters: (brief: CryptoBrief) => section(brief, 'WHY_IT_MATTERS'),
    whatToWatch: (brief: CryptoBrief) => section(brief, 'WHAT_TO_WATCH'),
  },
  BriefStatement: {
    section: (parent: StatementParent) => parent.statement.section,
    kind: (parent: StatementParent) => parent.statement.kind,
    text: (parent: StatementParent) => parent.statement.text,
    figures: (parent: StatementParent) => parent.statement.figures,
    inputs: (parent: StatementParent) => parent.statement.inputIds.map((id) => parent.inputs.get(id)),
  },
};
