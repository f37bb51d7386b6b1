import { z } from 'zod';
import { listEntitiesOfDatabase } from '../../modules/business-entities/business-entities.repo.ts';
import { assessEntities } from '../../modules/quality/assess-entities.ts';
import { listChecksOfEntity } from '../../modules/quality/checks/checks.repo.ts';
import { reportAssessment } from '../../modules/quality/scan/scan-summary.ts';
import type { AgentTool } from './agent-tool.ts';
import { entityNamed, forModel, requireChanges } from './quality-tool-support.ts';

const inputSchema = z.object({
  entity: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe('One business entity (name or id); every entity when omitted.'),
  check_ids: z
    .array(z.string().min(1))
    .max(50)
    .optional()
    .describe('Proposed checks to run too (they become active); by default the checks you proposed.'),
});

export const runChecksTool: AgentTool<typeof inputSchema> = {
  name: 'run_checks',
  description:
    'Run the active checks of one business entity (or of all), plus proposed checks you name or proposed yourself, which then become active. Stores each run, opens, updates, reopens or resolves issues, and scores the entities from the stored runs. Answers the computed scores and open issues.',
  inputSchema,
  async execute(input, context) {
    requireChanges(context);
    const entities = input.entity
      ? [await entityNamed(context, input.entity)]
      : await listEntitiesOfDatabase(context.db, context.database.id);
    const proposed =
      input.check_ids ??
      (await Promise.all(entities.map((entity) => listChecksOfEntity(context.db, entity.id))))
        .flat()
        .filter((check) => check.state === 'proposed' && check.origin === 'agent')
        .map((check) => check.id);
    const done = await assessEntities(context.quality, {
      database: context.database,
      actorId: context.ownerId,
      entities,
      trigger: 'agent',
      proposedToRun: proposed,
      reviewConversationId: context.conversationId,
      signal: context.signal,
    });
    const report = await reportAssessment(
      context.db,
      context.database.id,
      done,
      done.statements,
      done.durationMs,
    );
    return { output: { ...report, entities: report.entities.map((entity) => forModel(entity)) } };
  },
};
