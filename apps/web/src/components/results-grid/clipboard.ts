/**
 * Puts text on the clipboard from a menu click. The async clipboard API needs a secure context
 * (HTTPS or localhost); elsewhere it is missing and the caller tells the user to use Ctrl/Cmd+C,
 * which the grid serves through the copy event instead.
 */
export async function writeClipboard(text: string): Promise<void> {
  if (!('clipboard' in navigator)) throw new Error('The clipboard is not available here; use Ctrl/Cmd+C');
  await navigator.clipboard.writeText(text);
}
