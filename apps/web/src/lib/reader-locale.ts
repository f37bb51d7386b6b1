/**
 * The locales the reader's browser prefers, in order, for formatting numbers they read. Read at
 * each call (cheap) so a change of the browser's language applies at the next render; undefined
 * where there is no navigator, which Intl reads as the runtime's default.
 */
export function readerLocale(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const preferred = navigator.languages;
  return preferred.length > 0 ? preferred : undefined;
}
