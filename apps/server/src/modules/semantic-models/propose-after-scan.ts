import { profileEntriesOf } from '../../semantic/proposal/column-profiles.ts';
import { proposeSemanticModel } from '../../semantic/proposal/propose-model.ts';
import type { StoreDb } from '../../store/connect.ts';
import type { ScanFollowUp } from '../quality/scan/scan-follow-up.ts';
import { storeProposal } from './semantic-models.repo.ts';

/**
 * Scan auto also proposes the semantic model, from the schema and the profiles the scan already
 * measured (no statement more), and keeps it as the pending proposal: the saved model is never
 * overwritten, and a person sees the proposal on the model's page next time.
 */
export function proposeAfterScan(deps: { db: StoreDb }): ScanFollowUp {
  return {
    async afterScan({ database, actor, schema, profiled }) {
      const profiles = profiled.flatMap(({ table, profile }) =>
        profileEntriesOf(table.schema, table.name, profile),
      );
      await storeProposal(deps.db, {
        databaseId: database.id,
        model: proposeSemanticModel({ schema, profiles }),
        source: 'scan',
        userId: actor.id,
      });
    },
  };
}
