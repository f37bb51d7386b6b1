import type {
  CheckDefinitionInput,
  IssueSeverity,
  IssueStatus,
  QualityDimension,
  TableInfo,
  TableName,
} from '@querent/contracts';

/** A check the analyst proposes for an entity's table. */
export interface ProposedCheck {
  definition: CheckDefinitionInput;
  title?: string | undefined;
  dimension?: QualityDimension | undefined;
  severity?: IssueSeverity | undefined;
  warn_percent?: number | undefined;
  fail_percent?: number | undefined;
}

/**
 * What the analyst's data-quality tools ask of Querent during a turn, bound to the conversation's
 * database and user (modules/quality implements it). Each answer is what the model reads. Scores
 * are computed there from the checks' runs: nothing here writes one.
 */
export interface AgentQuality {
  /** The deterministic scan of the whole database: entities, checks, runs, scores, issues. */
  scan(): Promise<Record<string, unknown>>;
  /** One entity analysed: its table profiled, missing checks added, its checks run and scored. */
  analyze(entity: string): Promise<Record<string, unknown>>;
  /** A table profiled in one pass. */
  profile(table: TableName, info: TableInfo): Promise<Record<string, unknown>>;
  /** An entity made on a table, or the one with this name given a definition, a table and a key. */
  proposeEntity(input: {
    name: string;
    table: TableName;
    tableRef: string;
    definition: string | undefined;
    keyColumns: string[];
  }): Promise<Record<string, unknown>>;
  /** Checks validated and tried on the database, saved as proposed. */
  proposeChecks(input: {
    entity: string;
    checks: readonly ProposedCheck[];
  }): Promise<Record<string, unknown>>;
  /** Active checks run (with proposed ones named, or the analyst's own), issues kept in step, entities scored. */
  runChecks(input: {
    entity: string | undefined;
    checkIds: string[] | undefined;
  }): Promise<Record<string, unknown>>;
  /** How an entity's latest scores were computed. */
  explainScore(entity: string): Promise<Record<string, unknown>>;
  openIssue(input: {
    title: string;
    description: string;
    severity: IssueSeverity;
    entity: string | undefined;
  }): Promise<Record<string, unknown>>;
  triageIssue(input: {
    issueId: string;
    status: IssueStatus | undefined;
    severity: IssueSeverity | undefined;
    reason: string | undefined;
  }): Promise<Record<string, unknown>>;
  /**
   * Mutes the check behind a finding the user says is expected: named by check id, by issue (id or
   * words of its title), else the one of the issues last reported in this conversation.
   */
  muteCheck(input: {
    reason: string;
    checkId: string | undefined;
    issue: string | undefined;
    reported: readonly string[];
  }): Promise<Record<string, unknown>>;
}
