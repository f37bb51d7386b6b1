import type { Database } from '@querent/contracts';

/*
 * The shapes of /api/uploads (apps/server/src/modules/uploads/uploads.routes.ts). Written here as
 * types only, so the page stays free of zod at run time.
 */

/** GET /api/uploads */
export interface UploadOptions {
  /** The server's UPLOAD_MAX_BYTES. */
  maxBytes: number;
  /** The user's upload databases, which a file can be added to. */
  databases: Database[];
}

/** POST /api/uploads (201) */
export interface UploadResult {
  database: Database;
  table: { name: string; rows: number; columns: { name: string; type: string }[] };
}
