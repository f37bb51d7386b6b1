import { z } from 'zod';
import { databaseSchema } from './databases.ts';

/** POST /api/uploads (201): the upload database the file went into, and the table it became. */
export const uploadResultSchema = z.object({
  database: databaseSchema,
  table: z.object({
    name: z.string(),
    rows: z.number().int(),
    columns: z.array(z.object({ name: z.string(), type: z.string() })),
  }),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** GET /api/uploads: what the upload page needs before a file is chosen. */
export const uploadOptionsSchema = z.object({
  /** UPLOAD_MAX_BYTES, so the page can refuse a file before sending it. */
  maxBytes: z.number().int(),
  /** The user's upload databases, which a file can be added to. */
  databases: z.array(databaseSchema),
});
export type UploadOptions = z.infer<typeof uploadOptionsSchema>;
