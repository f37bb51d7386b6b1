import type { UploadResult } from '@querent/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { useServices } from '../../app/services-context.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { putDatabaseInCache } from '../databases/database-cache.ts';
import { sendUpload } from './send-upload.ts';
import { trackUploadNotification } from './upload-notifications.ts';

export const uploadOptionsKey = ['uploads', 'options'] as const;

/** GET /api/uploads: the size limit and the user's upload databases. */
export function useUploadOptions() {
  const { api } = useServices();
  return useQuery({ queryKey: uploadOptionsKey, queryFn: () => api.uploads.options() });
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; percent: number }
  | { status: 'done'; result: UploadResult }
  | { status: 'failed'; message: string };

export interface StartUpload {
  file: File;
  databaseId: string | null;
  tableName: string | null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * One upload at a time, reported in a notification card as well as in the returned state. It
 * carries on if the user leaves the page; the card keeps following it.
 */
export function useUpload() {
  const { queryClient, changeContext } = useServices();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async ({ file, databaseId, tableName }: StartUpload) => {
      const abort = new AbortController();
      controller.current = abort;
      const card = trackUploadNotification(file.name);
      setState({ status: 'uploading', fileName: file.name, percent: 0 });
      try {
        const result = await sendUpload({
          file,
          databaseId,
          tableName,
          signal: abort.signal,
          onProgress: (percent) => {
            card.progress(percent);
            setState({ status: 'uploading', fileName: file.name, percent });
          },
        });
        putDatabaseInCache(queryClient, result.database);
        void queryClient.invalidateQueries({ queryKey: queryKeys.databaseSchema(result.database.id) });
        void queryClient.invalidateQueries({ queryKey: uploadOptionsKey });
        // The new table is what the user will ask about next. Built by hand: the contracts'
        // contextId() is a value import, and the page imports only types from there.
        changeContext(`database-${result.database.id}`);
        card.succeeded(result);
        setState({ status: 'done', result });
      } catch (error) {
        if (isAbort(error)) {
          card.cancelled();
          setState({ status: 'idle' });
          return;
        }
        const message = errorMessage(error, 'The upload failed');
        card.failed(message);
        setState({ status: 'failed', message });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [queryClient, changeContext],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
