import { NO_PROGRESS, STICKY, useNotificationsStore } from '../../stores/notifications-store.ts';
import type { UploadResult } from '@querent/contracts';

const group = 'upload';

export function progressTitle(percent: number): string {
  return `Uploading file... (${percent}%)`;
}

/**
 * The card that follows one upload: sticky with its progress bar while the bytes
 * go out, then replaced by a success that closes itself or by an error with the server's message.
 * When ten cards are already shown the progress card is dropped, and updates to it do nothing.
 */
export function trackUploadNotification(fileName: string) {
  const store = useNotificationsStore.getState();
  const id = store.notify({
    group,
    type: 'info',
    title: progressTitle(0),
    text: fileName,
    progress: 0,
    timeout: STICKY,
    dismissible: false,
  });
  const close = () => {
    if (id !== null) useNotificationsStore.getState().dismiss(id);
  };
  return {
    progress(percent: number) {
      if (id === null) return;
      useNotificationsStore.getState().update(id, {
        title: progressTitle(percent),
        // Once every byte is sent the server still reads the file into a table.
        text: percent >= 100 ? `${fileName} — loading it into a table…` : fileName,
        progress: percent,
      });
    },
    succeeded(result: UploadResult) {
      close();
      const { name, rows } = result.table;
      useNotificationsStore.getState().notify({
        group,
        type: 'success',
        title: `Uploaded ${fileName}`,
        text: `Table ${name}: ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`,
        progress: NO_PROGRESS,
        action: { label: 'Ask about it', to: '/chat/new' },
      });
    },
    failed(message: string) {
      close();
      useNotificationsStore.getState().notify({
        group,
        type: 'error',
        title: `Could not upload ${fileName}`,
        text: message,
        progress: NO_PROGRESS,
        // Long enough to read a parser's reason; hovering holds it longer.
        timeout: 10_000,
      });
    },
    cancelled: close,
  };
}
