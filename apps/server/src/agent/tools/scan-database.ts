import { z } from 'zod';
import { scanDatabase } from '../../modules/quality/scan/scan-database.ts';
import type { AgentTool } from './agent-tool.ts';
import { forModel, requireChanges } from './quality-tool-support.ts';

const inputSchema = z.object({});

/** Entities listed to the model at most; the rest are counted. */
const SHOWN = 40;

export const scanDatabaseTool: AgentTool<typeof inputSchema> = {
  name: 'scan_database',
  description:
    'Scan the whole database for data quality with the deterministic rules (no guessing): every table or view with a key becomes a business entity, gets checks from its constraints and profile (keys unique, NOT NULL filled, foreign keys resolve, few-valued columns keep their values, freshness), and every entity is checked and scored. Answers each entity with its computed scores, coverage and open issues. Use it first for "Scan auto"; refine afterwards with propose_entity and propose_checks.',
  inputSchema,
  async execute(_input, context) {
    requireChanges(context);
    const report = await scanDatabase(context.quality, {
      database: context.database,
      actorId: context.ownerId,
      conversationId: context.conversationId,
      signal: context.signal,
    });
    return {
      output: {
        ...report,
        entities: report.entities.slice(0, SHOWN).map((entity) => forModel(entity, 3)),
        ...(report.entities.length > SHOWN ? { more_entities: report.entities.length - SHOWN } : {}),
      },
    };
  },
};
