import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** A fixed statement with numbered bind parameters ($1, $2, …). */
export interface FixedStatement {
  text: string;
}

/** Each statement's text cut at its parameters, once: the raw pieces and which value goes between. */
const pieces = new WeakMap<FixedStatement, { raw: SQL[]; slots: number[] }>();

function piecesOf(statement: FixedStatement) {
  let known = pieces.get(statement);
  if (!known) {
    const parts = statement.text.split(/\$(\d+)/);
    known = {
      raw: parts.filter((_, i) => i % 2 === 0).map((text) => sql.raw(text)),
      slots: parts.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1),
    };
    pieces.set(statement, known);
  }
  return known;
}

/**
 * One fixed statement on a Drizzle handle (the database, or a unit of work's transaction),
 * written as SQL text for the hottest statements: its text is
 * cut at its parameters once, and each call only puts the values between the pieces (bind
 * parameters, as always) — no query builder, no column mapping. Answers come back as the
 * driver gives them.
 */
export async function driverRows<T>(
  handle: DbOrTx,
  statement: FixedStatement,
  params: unknown[],
): Promise<T[]> {
  const { raw, slots } = piecesOf(statement);
  const chunks: SQLChunk[] = [raw[0]!];
  for (let i = 0; i < slots.length; i++) chunks.push(sql.param(params[slots[i]!]), raw[i + 1]!);
  const result = await handle.execute(sql.join(chunks));
  return (result as unknown as { rows: T[] }).rows;
}
