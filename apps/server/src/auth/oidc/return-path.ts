/**
 * The app path to open after signing in, kept only when it stays on this site: it must start
 * with one "/" ("//host" and "/\host" are other sites to a browser) and hold no control
 * characters. Anything else is dropped rather than refused, so a bad link still signs the user in.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return value;
}
