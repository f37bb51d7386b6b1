// Response shapes screens import from here; each is @querent/contracts' own, so none is written
// by hand. Databases, projects and schemas are imported from @querent/contracts directly.

export type {
  BusinessEntity,
  CheckRun,
  EntityDetail,
  EntityScore,
  Issue,
  IssueSeverity,
  IssueStatus,
  QualityCheck,
  QualitySchedule,
  SavedQuery,
} from '@querent/contracts';
