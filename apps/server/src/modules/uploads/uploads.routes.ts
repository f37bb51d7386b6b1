import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { databaseSchema } from '@querent/contracts';
import { z } from 'zod';
import { currentUser } from '../../auth/http-auth.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { receiveUpload } from './receive-upload.ts';
import { listUploadDatabases } from './upload-databases.ts';
import type { UploadDeps } from './upload-file.ts';
import { uploadFile } from './upload-file.ts';
import { uploadTempDir } from './upload-paths.ts';

const tags = ['uploads'];

export const uploadResultSchema = z.object({
  database: databaseSchema,
  table: z.object({
    name: z.string(),
    rows: z.number().int(),
    columns: z.array(z.object({ name: z.string(), type: z.string() })),
  }),
});

export const uploadOptionsSchema = z.object({
  /** UPLOAD_MAX_BYTES, so the page can refuse a file before sending it. */
  maxBytes: z.number().int(),
  databases: z.array(databaseSchema),
});

export async function registerUploadRoutes(
  app: ZodApp,
  deps: UploadDeps & {
    /** Largest file accepted (UPLOAD_MAX_BYTES). */
    maxBytes: number;
  },
): Promise<void> {
  app.get(
    '/api/uploads',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary:
          'What the upload page needs: the size limit, and the user’s upload databases a file can be added to',
        response: { 200: uploadOptionsSchema, ...errorResponses },
      },
    },
    async (request) => ({
      maxBytes: deps.maxBytes,
      databases: await listUploadDatabases(deps, { user: currentUser(request) }),
    }),
  );

  // The rest of the API accepts JSON only: multipart is parsed in this scope and nowhere else.
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    scope.post(
      '/api/uploads',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Upload a CSV, TSV, JSON, Parquet or XLSX file as a new table',
          description:
            'multipart/form-data with the field `file`, and optionally `databaseId` (one of the user’s upload databases; without it a new one is made) and `tableName` (default: the file name). The table name is made SQL-friendly and unique within the database. Files over UPLOAD_MAX_BYTES get 413; a file that cannot be read gets 400 with the reason, and leaves nothing behind.',
          consumes: ['multipart/form-data'],
          response: { 201: uploadResultSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const received = await receiveUpload(request, {
          tempDir: uploadTempDir(deps.dataDir),
          maxBytes: deps.maxBytes,
        });
        try {
          const result = await uploadFile(deps, {
            user,
            file: received.file,
            databaseId: received.fields.databaseId,
            tableName: received.fields.tableName,
          });
          return await reply.code(201).send(result);
        } finally {
          await rm(received.file.path, { force: true });
        }
      },
    );
  });
}
