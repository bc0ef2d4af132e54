// The previewed drafts, by the version of their inputs (docs/decisions/0042): any API process accepting a
// preview saves the plan that was shown, whichever process (and worker thread) computed it.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { shiftAutoDrafts } from '../../../db/schema/shift.ts';
import type { StoreScope } from '../shift-store.ts';

export type StoredDraft<A, S> = { answer: A; save: S };

const inStore = (scope: StoreScope) =>
  and(eq(shiftAutoDrafts.clientId, scope.clientId), eq(shiftAutoDrafts.storeId, scope.storeId));

export async function findStoredDraft<A, S>(
  db: Db,
  scope: StoreScope,
  inputKey: string,
): Promise<StoredDraft<A, S> | undefined> {
  const [row] = await db
    .select({ answer: shiftAutoDrafts.answer, save: shiftAutoDrafts.save })
    .from(shiftAutoDrafts)
    .where(and(inStore(scope), eq(shiftAutoDrafts.inputKey, inputKey)));
  return row as StoredDraft<A, S> | undefined;
}

/**
 * Keeps a draft by its inputs' version; when another process kept one for the same inputs first, that one
 * stays and is answered (so every process shows and saves one plan). Drafts over a day old go.
 */
export async function storeDraft<A, S>(
  db: Db,
  scope: StoreScope,
  inputKey: string,
  draft: StoredDraft<A, S>,
): Promise<StoredDraft<A, S>> {
  await db
    .delete(shiftAutoDrafts)
    .where(and(inStore(scope), lt(shiftAutoDrafts.createdAt, sql`now() - interval '1 day'`)));
  const [inserted] = await db
    .insert(shiftAutoDrafts)
    .values({
      ...scope,
      inputKey,
      answer: draft.answer as Record<string, unknown>,
      save: draft.save as Record<string, unknown>,
    })
    .onConflictDoNothing({ target: [shiftAutoDrafts.storeId, shiftAutoDrafts.inputKey] })
    .returning({ id: shiftAutoDrafts.id });
  if (inserted) return draft;
  return (await findStoredDraft<A, S>(db, scope, inputKey)) ?? draft;
}
