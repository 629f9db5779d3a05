import { percentToBasisPoints, toCents } from '@salary/shared/common/money';
import {
  PROPOSAL_KINDS,
  type ProposalInput,
  type ProposalKind,
  type WorksheetRow,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { z } from 'zod';

/*
 * The worksheet file's hidden Proposal Key: each row's proposal as it was when the file was
 * exported, with the installation, cycle and employee it belongs to. The import compares three
 * proposals per row — the file's cells, this key, and what is stored now — to tell an edit made
 * in the file (cells ≠ key) from one made in the app since the export (stored ≠ key), so that
 * nothing anyone saved meanwhile is silently overwritten. Plain text, so a spreadsheet program
 * keeps it through a re-save.
 */

const PREFIX = 'rc1:';

/** A proposal compared exactly: the value in basis points (PERCENT) or cents (AMOUNT). */
export interface ComparableProposal {
  rating: number | null;
  kind: ProposalKind;
  units: number | null;
  gradeId: number | null;
  levelId: number | null;
  reason: string;
}

export interface ProposalKey {
  installation: string;
  cycleId: number;
  employeeId: number;
  proposal: ComparableProposal;
}

/** No proposal at all: what a row without one, or a NONE without a rating, stands for. */
const NO_PROPOSAL: ComparableProposal = {
  rating: null,
  kind: 'NONE',
  units: null,
  gradeId: null,
  levelId: null,
  reason: '',
};

/** A proposal in the API's terms → its comparable form (only the fields its kind keeps). */
function comparable(p: Omit<ProposalInput, 'employeeId' | 'reason'> & { reason: string | null }) {
  if (p.kind === 'NONE' && p.rating === null) return NO_PROPOSAL;
  return {
    rating: p.rating,
    kind: p.kind,
    units:
      p.value === null
        ? null
        : p.kind === 'PERCENT'
          ? (percentToBasisPoints(p.value) as number)
          : p.kind === 'AMOUNT'
            ? (toCents(p.value) as number)
            : null,
    gradeId: p.kind === 'MOVE' ? p.gradeId : null,
    levelId: p.kind === 'MOVE' ? p.levelId : null,
    reason: (p.reason ?? '').trim(),
  };
}

/** A worksheet row's stored proposal, comparable. */
export const storedProposalOf = (row: WorksheetRow): ComparableProposal =>
  row.proposal ? comparable({ ...row.proposal, rating: row.rating }) : NO_PROPOSAL;

/** A row of the file, comparable. */
export const fileProposalOf = (p: ProposalInput): ComparableProposal => comparable(p);

export const sameProposal = (a: ComparableProposal, b: ComparableProposal) =>
  a.rating === b.rating &&
  a.kind === b.kind &&
  a.units === b.units &&
  a.gradeId === b.gradeId &&
  a.levelId === b.levelId &&
  a.reason === b.reason;

export function encodeProposalKey(key: ProposalKey): string {
  const p = key.proposal;
  return `${PREFIX}${JSON.stringify([
    key.installation,
    key.cycleId,
    key.employeeId,
    p.rating,
    p.kind,
    p.units,
    p.gradeId,
    p.levelId,
    p.reason,
  ])}`;
}

const whole = z.number().int().safe();
const KEY_SHAPE = z.tuple([
  z.string().min(1),
  whole.positive(),
  whole.positive(),
  whole.min(1).max(5).nullable(),
  z.enum(PROPOSAL_KINDS),
  whole.nullable(),
  whole.positive().nullable(),
  whole.positive().nullable(),
  z.string().max(2000),
]);

/** The key in a cell, or null when the cell holds none (a row typed in by hand, a damaged cell). */
export function decodeProposalKey(text: string): ProposalKey | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(PREFIX)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed.slice(PREFIX.length));
  } catch {
    return null;
  }
  const read = KEY_SHAPE.safeParse(parsed);
  if (!read.success) return null;
  const [installation, cycleId, employeeId, rating, kind, units, gradeId, levelId, reason] = read.data;
  return { installation, cycleId, employeeId, proposal: { rating, kind, units, gradeId, levelId, reason } };
}
