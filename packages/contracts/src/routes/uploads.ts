import { uploadOptionsSchema, uploadResultSchema } from '../uploads.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['uploads'];

export const uploadRoutes = {
  'GET /api/uploads': route({
    summary:
      'What the upload page needs: the size limit, and the user’s upload databases a file can be added to',
    tags,
    auth: 'required',
    response: uploadOptionsSchema,
  }),
  'POST /api/uploads': route({
    kind: 'upload',
    summary: 'Upload a CSV, TSV, JSON, Parquet or XLSX file as a new table',
    description:
      'multipart/form-data with the field `file`, and optionally `databaseId` (one of the user’s upload databases; without it a new one is made) and `tableName` (default: the file name). The table name is made SQL-friendly and unique within the database. Files over UPLOAD_MAX_BYTES get 413; a file that cannot be read gets 400 with the reason, and leaves nothing behind.',
    tags,
    auth: 'required',
    status: 201,
    response: uploadResultSchema,
  }),
} satisfies RouteTable;
