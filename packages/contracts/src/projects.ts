import { z } from 'zod';
import { abilitiesSchema } from './abilities.ts';

/** One table of a project; `schema` is empty for engines without schemas. */
export const projectTableSchema = z.object({
  schema: z.string(),
  table: z.string().trim().min(1),
});
export type ProjectTable = z.infer<typeof projectTableSchema>;

/** A named, described subset of one database's tables. */
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  databaseId: z.string(),
  tables: z.array(projectTableSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  editable: z.boolean(),
  abilities: abilitiesSchema,
});
export type Project = z.infer<typeof projectSchema>;

/** POST/PUT answers: `warning` says when the tables could not be checked (database unreachable). */
export const savedProjectSchema = projectSchema.extend({ warning: z.string().nullable() });
export type SavedProject = z.infer<typeof savedProjectSchema>;

export const createProjectBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).nullish(),
  databaseId: z.string().min(1),
  tables: z.array(projectTableSchema).max(10_000).default([]),
});
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(10_000).nullish(),
  databaseId: z.string().min(1).optional(),
  tables: z.array(projectTableSchema).max(10_000).optional(),
});
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;
