import type { RouteKeyOfKind, RouteResponse } from '@querent/contracts';
import { parseRouteKey } from '@querent/contracts';
import { ApiError, toApiError } from '../../lib/api-error.ts';

const uploadRoute = 'POST /api/uploads' satisfies RouteKeyOfKind<'upload'>;
type UploadResult = RouteResponse<typeof uploadRoute>;
const upload = parseRouteKey(uploadRoute);

export interface UploadRequest {
  file: File;
  /** An upload database to add the table to; null makes a new one. */
  databaseId: string | null;
  tableName: string | null;
  /** 0–100 as the bytes go out. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POST /api/uploads as multipart. XMLHttpRequest rather than fetch: only it reports how much of
 * the request body has been sent, which is what the progress bar shows.
 */
export function sendUpload(request: UploadRequest, url = upload.path): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Fields before the file, so the server knows the target before the bytes arrive.
    if (request.databaseId !== null) form.append('databaseId', request.databaseId);
    if (request.tableName !== null) form.append('tableName', request.tableName);
    form.append('file', request.file, request.file.name);

    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadResult);
      else reject(toApiError(xhr.status, xhr.statusText, body));
    });
    xhr.addEventListener('error', () => {
      reject(new ApiError(0, 'NETWORK', 'The upload was interrupted: check the connection and try again'));
    });
    xhr.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    if (request.signal) {
      if (request.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
