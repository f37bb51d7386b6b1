import type { SemanticModel, SemanticProposal } from '@querent/contracts';
import { semanticModelSchema, semanticProposalSources } from '@querent/contracts';
import type { Transaction } from 'kysely';
import type { StoreDb } from '../../store/connect.ts';
import type { StoreSchema } from '../../store/schema.ts';
import { newId, nowIso, parseJson, toJson } from '../../store/values.ts';
import { personName } from '../users/person-name.ts';

/** Who did something, as the page shows them: their name, else their email. */
export interface Person {
  id: string;
  name: string | null;
}

export type ProposalSource = SemanticProposal['source'];

export interface StoredProposal {
  model: SemanticModel;
  source: ProposalSource;
  proposedAt: string;
  proposedBy: Person | null;
}

/** A database's row: the saved model (null before the first save), its version, the proposal. */
export interface SemanticModelRecord {
  databaseId: string;
  model: SemanticModel | null;
  version: number;
  updatedAt: string | null;
  updatedBy: Person | null;
  proposal: StoredProposal | null;
}

export interface HistoryRecord {
  version: number;
  summary: string;
  changedAt: string;
  changedBy: Person | null;
}

const proposalSources: readonly string[] = semanticProposalSources;

/** A source the store does not know (none is constrained there) reads as a person's request. */
function proposalSourceOf(value: string | null): ProposalSource {
  return value !== null && proposalSources.includes(value) ? (value as ProposalSource) : 'person';
}

/** What was stored is read back through the schema, so defaults of later fields fill in. */
function readModel(text: string): SemanticModel {
  return semanticModelSchema.parse(parseJson(text));
}

function person(id: string | null, name: string | null): Person | null {
  return id === null ? null : { id, name };
}

export async function findSemanticModel(
  db: StoreDb,
  databaseId: string,
): Promise<SemanticModelRecord | null> {
  const row = await db
    .selectFrom('semantic_models as m')
    .leftJoin('users as u', 'u.id', 'm.updated_by')
    .leftJoin('users as p', 'p.id', 'm.proposed_by')
    .select([
      'm.database_id',
      'm.model',
      'm.version',
      'm.updated_at',
      'm.updated_by',
      'm.proposal',
      'm.proposal_source',
      'm.proposed_at',
      'm.proposed_by',
      'u.first_name as u_first',
      'u.last_name as u_last',
      'u.email as u_email',
      'p.first_name as p_first',
      'p.last_name as p_last',
      'p.email as p_email',
    ])
    .where('m.database_id', '=', databaseId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    databaseId: row.database_id,
    model: row.model === null ? null : readModel(row.model),
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: person(row.updated_by, personName(row.u_first, row.u_last, row.u_email)),
    proposal:
      row.proposal === null
        ? null
        : {
            model: readModel(row.proposal),
            source: proposalSourceOf(row.proposal_source),
            proposedAt: row.proposed_at ?? '',
            proposedBy: person(row.proposed_by, personName(row.p_first, row.p_last, row.p_email)),
          },
  };
}

/** The name the model records a person by (certifications): their name, else email, else id. */
export async function findPersonName(db: StoreDb, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (row ? personName(row.first_name, row.last_name, row.email) : null) ?? userId;
}

async function ensureRow(db: StoreDb | Transaction<StoreSchema>, databaseId: string): Promise<void> {
  await db
    .insertInto('semantic_models')
    .values({ database_id: databaseId })
    .onConflict((conflict) => conflict.column('database_id').doNothing())
    .execute();
}

/**
 * Saves `model` as version `from + 1` with its history row, in one transaction, only if the
 * stored version is still `from`: false when someone saved in between (nothing is written).
 */
export async function storeNextVersion(
  db: StoreDb,
  input: {
    databaseId: string;
    from: number;
    model: SemanticModel;
    summary: string;
    userId: string;
    /** Drop the pending proposal in the same write (it was accepted). */
    clearProposal?: boolean;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await ensureRow(trx, input.databaseId);
    const now = nowIso();
    const version = input.from + 1;
    const result = await trx
      .updateTable('semantic_models')
      .set({
        model: toJson(input.model),
        version,
        updated_at: now,
        updated_by: input.userId,
        ...(input.clearProposal === true
          ? { proposal: null, proposal_source: null, proposed_at: null, proposed_by: null }
          : {}),
      })
      .where('database_id', '=', input.databaseId)
      .where('version', '=', input.from)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await trx
      .insertInto('semantic_model_history')
      .values({
        id: newId(),
        database_id: input.databaseId,
        version,
        model: toJson(input.model),
        summary: input.summary,
        changed_at: now,
        changed_by: input.userId,
      })
      .execute();
    return true;
  });
}

/** Keeps a proposal as the pending one, replacing any earlier proposal; the saved model is untouched. */
export async function storeProposal(
  db: StoreDb,
  input: { databaseId: string; model: SemanticModel; source: ProposalSource; userId: string },
): Promise<void> {
  await ensureRow(db, input.databaseId);
  await db
    .updateTable('semantic_models')
    .set({
      proposal: toJson(input.model),
      proposal_source: input.source,
      proposed_at: nowIso(),
      proposed_by: input.userId,
    })
    .where('database_id', '=', input.databaseId)
    .execute();
}

/** Drops the pending proposal; false when there was none. */
export async function clearProposal(db: StoreDb, databaseId: string): Promise<boolean> {
  const result = await db
    .updateTable('semantic_models')
    .set({ proposal: null, proposal_source: null, proposed_at: null, proposed_by: null })
    .where('database_id', '=', databaseId)
    .where('proposal', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const historyColumns = [
  'h.version',
  'h.summary',
  'h.changed_at',
  'h.changed_by',
  'u.first_name',
  'u.last_name',
  'u.email',
] as const;

function toHistory(row: {
  version: number;
  summary: string;
  changed_at: string;
  changed_by: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}): HistoryRecord {
  return {
    version: row.version,
    summary: row.summary,
    changedAt: row.changed_at,
    changedBy: person(row.changed_by, personName(row.first_name, row.last_name, row.email)),
  };
}

/** A database's changes, newest first (at most `limit`). */
export async function listHistory(db: StoreDb, databaseId: string, limit = 500): Promise<HistoryRecord[]> {
  const rows = await db
    .selectFrom('semantic_model_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .select(historyColumns)
    .where('h.database_id', '=', databaseId)
    .orderBy('h.version', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toHistory);
}

export async function findHistoryVersion(
  db: StoreDb,
  databaseId: string,
  version: number,
): Promise<(HistoryRecord & { model: SemanticModel }) | null> {
  const row = await db
    .selectFrom('semantic_model_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by')
    .select([...historyColumns, 'h.model'])
    .where('h.database_id', '=', databaseId)
    .where('h.version', '=', version)
    .executeTakeFirst();
  return row ? { ...toHistory(row), model: readModel(row.model) } : null;
}
