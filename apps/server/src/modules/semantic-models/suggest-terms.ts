import type { SemanticModel, SemanticTerms } from '@querent/contracts';
import { matchTerms } from '../../semantic/terms/match-terms.ts';
import { type ModelTerm, modelTerms } from '../../semantic/terms/model-terms.ts';
import type { Actor } from '../access/can.ts';
import type { DatabaseRecord } from '../databases/database-record.ts';
import type { SchemaDeps } from '../databases/get-database-schema.ts';
import { requireProject } from '../projects/project-access.ts';
import { modelForReading } from './model-for-reading.ts';
import { requireSemanticModelOf } from './semantic-model-access.ts';

interface TermsInput {
  user: Actor;
  /** What was typed before the caret; its last words are matched. */
  q: string;
  limit: number;
}

/*
 * A model proposed from the schema is one object for as long as its schema is cached, and each
 * pause in typing looks it up again: its terms are read once per object. A stored model is read
 * from the store afresh each time (a new object), so it is not kept.
 */
const termsOfProposals = new WeakMap<SemanticModel, ModelTerm[]>();

function termsOfProposal(model: SemanticModel): ModelTerm[] {
  let terms = termsOfProposals.get(model);
  if (!terms) {
    terms = modelTerms(model);
    termsOfProposals.set(model, terms);
  }
  return terms;
}

async function termsOf(
  deps: SchemaDeps,
  database: DatabaseRecord,
  input: TermsInput,
): Promise<SemanticTerms> {
  // Nothing typed asks for nothing: no model is read, no schema introspected.
  if (input.q.trim() === '') return { terms: [], source: 'none' };
  const reading = await modelForReading(deps, database);
  if (!reading) return { terms: [], source: 'none' };
  const terms = reading.source === 'schema' ? termsOfProposal(reading.model) : modelTerms(reading.model);
  return { terms: matchTerms(terms, input.q, input.limit), source: reading.source };
}

/** GET /api/databases/{id}/semantic-model/terms: whoever may read the database's model. */
export async function suggestTerms(
  deps: SchemaDeps,
  input: TermsInput & { databaseId: string },
): Promise<SemanticTerms> {
  const database = await requireSemanticModelOf(deps.db, input.user, input.databaseId, 'read');
  return termsOf(deps, database, input);
}

/** GET /api/projects/{id}/semantic-model/terms: a project's words are its database's. */
export async function suggestProjectTerms(
  deps: SchemaDeps,
  input: TermsInput & { projectId: string },
): Promise<SemanticTerms> {
  const { database } = await requireProject(deps.db, input.user, input.projectId, 'read');
  return suggestTerms(deps, { ...input, databaseId: database.id });
}
