import type { StoreDb } from '../../store/connect.ts';
import type { EntityIssues } from '../business-entities/entity-issues.ts';
import { compareIssues, isUnresolved } from './issue-order.ts';
import { listIssuesOfDatabase } from './issues.repo.ts';

/** The issues business entity cards list: a database's unresolved ones, in the issues' order. */
export function createEntityIssues(db: StoreDb): EntityIssues {
  return {
    async unresolvedOf(databaseId) {
      return (await listIssuesOfDatabase(db, databaseId)).filter(isUnresolved).sort(compareIssues);
    },
  };
}
