import { z } from 'zod';

/** What an owner may share with their organisation (uploads are databases made by an upload). */
export const shareableKinds = ['conversation', 'query', 'chart', 'database', 'dashboard'] as const;
export const shareableKindSchema = z.enum(shareableKinds);
export type ShareableKind = z.infer<typeof shareableKindSchema>;

export const sharingParamsSchema = z.object({ kind: shareableKindSchema, id: z.string().min(1) });
export const sharingBodySchema = z.object({ shared: z.boolean() });
export const sharingSchema = z.object({ kind: shareableKindSchema, id: z.string(), shared: z.boolean() });
export type Sharing = z.infer<typeof sharingSchema>;
