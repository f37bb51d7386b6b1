import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { uploadRoutes } from '@querent/contracts';
import type { RouteHandlers } from '../../http/register-routes.ts';
import { receiveUpload } from './receive-upload.ts';
import { listUploadDatabases } from './upload-databases.ts';
import type { UploadDeps } from './upload-file.ts';
import { tooLargeMessage } from './upload-errors.ts';
import { uploadFile } from './upload-file.ts';
import { uploadTempDir } from './upload-paths.ts';

/** Room in an upload's body beyond the file: boundaries, part headers and the two small fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export function uploadHandlers(
  deps: UploadDeps & {
    /** Largest file accepted (UPLOAD_MAX_BYTES). */
    maxBytes: number;
  },
): RouteHandlers<typeof uploadRoutes> {
  return {
    'GET /api/uploads': async ({ user }) => ({
      maxBytes: deps.maxBytes,
      databases: await listUploadDatabases(deps, { user }),
    }),
    'POST /api/uploads': {
      // A body announcing more than the largest file and its form is refused before it is sent.
      options: { bodyLimit: deps.maxBytes + FORM_OVERHEAD_BYTES },
      tooLargeMessage: tooLargeMessage('The file', deps.maxBytes),
      // The rest of the API accepts JSON only: multipart is parsed in this route's scope and nowhere else.
      scope: async (scope) => {
        await scope.register(multipart, { throwFileSizeLimit: true });
      },
      handle: async ({ user, request }) => {
        const received = await receiveUpload(request, {
          tempDir: uploadTempDir(deps.dataDir),
          maxBytes: deps.maxBytes,
        });
        try {
          return await uploadFile(deps, {
            user,
            file: received.file,
            databaseId: received.fields.databaseId,
            tableName: received.fields.tableName,
          });
        } finally {
          await rm(received.file.path, { force: true });
        }
      },
    },
  };
}
