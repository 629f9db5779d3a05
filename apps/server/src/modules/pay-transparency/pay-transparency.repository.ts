import type { CategoryKind, Justification } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payGapJustifications } from '../../db/schema.ts';

export interface JustificationRecord extends Justification {
  categoryKind: CategoryKind;
  categoryKey: string;
}

export function createPayTransparencyRepository(db: DbOrTx) {
  return {
    /** The justifications of one kind of category, by key. */
    async justifications(kind: CategoryKind): Promise<Map<string, Justification>> {
      const rows = await db
        .select()
        .from(payGapJustifications)
        .where(eq(payGapJustifications.categoryKind, kind));
      return new Map(
        rows.map((r) => [
          r.categoryKey,
          { text: r.text, authorEmail: r.authorEmail, updatedAt: r.updatedAt.toISOString() },
        ]),
      );
    },

    /** Inserts or replaces the category's justification; answers it as stored. */
    async upsertJustification(input: {
      categoryKind: CategoryKind;
      categoryKey: string;
      text: string;
      authorId: number;
      authorEmail: string;
    }): Promise<JustificationRecord> {
      const [row] = await db
        .insert(payGapJustifications)
        .values(input)
        .onConflictDoUpdate({
          target: [payGapJustifications.categoryKind, payGapJustifications.categoryKey],
          set: {
            text: input.text,
            authorId: input.authorId,
            authorEmail: input.authorEmail,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return {
        categoryKind: row!.categoryKind as CategoryKind,
        categoryKey: row!.categoryKey,
        text: row!.text,
        authorEmail: row!.authorEmail,
        updatedAt: row!.updatedAt.toISOString(),
      };
    },
  };
}

export type PayTransparencyRepository = ReturnType<typeof createPayTransparencyRepository>;
