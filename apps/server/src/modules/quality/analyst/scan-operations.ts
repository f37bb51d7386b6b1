import type { TableInfo, TableName } from '@querent/contracts';
import type { QualityDeps } from '../quality-deps.ts';
import { analyzeEntity } from '../scan/analyze-entity.ts';
import { profileTable } from '../scan/profile-table.ts';
import { scanDatabase } from '../scan/scan-database.ts';
import type { AnalystTurn } from './analyst-turn.ts';
import { entityNamed, forModel, requireChanges } from './analyst-turn.ts';

/** Entities a scan lists to the model at most; the rest are counted. */
const SHOWN = 40;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

export async function scanForAnalyst(deps: QualityDeps, turn: AnalystTurn): Promise<Record<string, unknown>> {
  requireChanges(turn);
  const report = await scanDatabase(deps, {
    database: turn.database,
    actor: turn.asker,
    conversationId: turn.conversationId,
    signal: turn.signal,
  });
  return {
    ...report,
    entities: report.entities.slice(0, SHOWN).map((entity) => forModel(entity, 3)),
    ...(report.entities.length > SHOWN ? { more_entities: report.entities.length - SHOWN } : {}),
  };
}

export async function analyzeForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  name: string,
): Promise<Record<string, unknown>> {
  requireChanges(turn);
  const entity = await entityNamed(deps, turn, name);
  const report = await analyzeEntity(deps, {
    database: turn.database,
    actor: turn.asker,
    entity,
    conversationId: turn.conversationId,
    signal: turn.signal,
  });
  return { ...report, entity: forModel(report.entity) };
}

export async function profileForAnalyst(
  deps: QualityDeps,
  turn: AnalystTurn,
  table: TableName,
  info: TableInfo,
): Promise<Record<string, unknown>> {
  const profile = await profileTable(deps, {
    database: turn.database,
    actor: turn.asker,
    table,
    info,
    signal: turn.signal,
  });
  if (profile.error !== null) return { error: profile.error };
  return {
    rows: profile.rows,
    columns: profile.columns.map((column) => ({
      name: column.name,
      kind: column.family,
      nullable: column.nullable,
      filledPercent: percent(column.nonNull, profile.rows),
      ...(column.family === 'text' ? { distinct: column.distinct } : {}),
      ...(column.blanks ? { blanks: column.blanks } : {}),
      ...(column.maxLength === null ? {} : { maxLength: column.maxLength }),
      ...(column.latest === null ? {} : { latest: column.latest }),
      ...(column.values ? { values: [...column.values].sort((a, b) => b.count - a.count).slice(0, 15) } : {}),
    })),
  };
}
