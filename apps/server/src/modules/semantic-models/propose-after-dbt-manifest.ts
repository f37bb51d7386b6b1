import type { StoreDb } from '../../store/connect.ts';
import type { DbtManifestFollowUp } from '../databases/dbt-manifest-follow-up.ts';
import { importDbtSemanticLayer } from '../../semantic/interchange/import-dbt-semantic-layer.ts';
import { storeProposal } from './semantic-models.repo.ts';

/** The part of the app's logger this uses (Fastify's logger is one). */
export interface ManifestProposalLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

function hasEntries(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** The uploaded manifest as an object (a client may send the file's text); null when it is neither. */
function manifestObject(manifest: unknown): Record<string, unknown> | null {
  let value = manifest;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * A dbt manifest.json uploaded for a database that defines semantic models or metrics is imported
 * as the pending proposal (source `import`), as the import route would: the saved model is never
 * touched, a person accepts or rejects it on the model's page. What did not convert is logged; a
 * failure is logged and never fails the upload.
 */
export function proposeAfterDbtManifest(deps: {
  db: StoreDb;
  log: ManifestProposalLog;
}): DbtManifestFollowUp {
  return {
    async afterDbtManifest({ database, actor, manifest }) {
      try {
        const artifact = manifestObject(manifest);
        if (artifact === null || !(hasEntries(artifact.semantic_models) || hasEntries(artifact.metrics)))
          return;
        const { model, warnings } = importDbtSemanticLayer({ artifact });
        if (model.datasets.length === 0 && model.metrics.length === 0) return;
        await storeProposal(deps.db, { databaseId: database.id, model, source: 'import', userId: actor.id });
        if (warnings.length > 0) {
          deps.log.warn(
            { databaseId: database.id, warnings },
            'The dbt manifest’s semantic layer was proposed with parts left out',
          );
        }
      } catch (error) {
        deps.log.error(
          { err: error, databaseId: database.id },
          'The dbt manifest’s semantic layer could not be proposed',
        );
      }
    },
  };
}
