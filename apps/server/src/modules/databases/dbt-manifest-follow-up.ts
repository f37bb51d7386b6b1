import type { Actor } from '../access/can.ts';
import type { DatabaseRecord } from './database-record.ts';

/**
 * What a module above databases does with a dbt manifest.json just uploaded for a database, as
 * it was sent (the store keeps only a reduction): the semantic model's module imports its
 * semantic models and metrics as a pending proposal. Databases define the port; the app hands the
 * implementation in, so this module imports nothing of the modules that use it.
 */
export interface DbtManifestFollowUp {
  /** Logs its own failures; it is never allowed to fail the upload. */
  afterDbtManifest(input: { database: DatabaseRecord; actor: Actor; manifest: unknown }): Promise<void>;
}

/**
 * Hands a newly uploaded manifest to each follow-up, after the database was saved. A follow-up
 * that still throws is ignored here: the upload stands on its own.
 */
export async function followDbtManifest(
  followUps: readonly DbtManifestFollowUp[] | undefined,
  input: Parameters<DbtManifestFollowUp['afterDbtManifest']>[0],
): Promise<void> {
  for (const follower of followUps ?? []) {
    try {
      await follower.afterDbtManifest(input);
    } catch {
      // Each follow-up logs its own failure (it has the logger); the upload is answered regardless.
    }
  }
}
