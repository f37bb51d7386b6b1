// Response shapes screens import from here; each is @querent/contracts' own, so none is written
// by hand. Databases, projects and schemas are imported from @querent/contracts directly.

export type { BusinessEntity, Issue, IssueSeverity, IssueStatus, SavedQuery } from '@querent/contracts';
