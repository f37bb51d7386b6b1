import type { Reading } from '../setting.ts';
import { accept, oneOf, refuse, setting } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* What the analyst is told about the world around the data: the time zone "today" is read in. */

function readTimeZone(value: string): Reading<string | null> {
  try {
    // Throws a RangeError for a zone the runtime's time-zone database does not know.
    return accept(new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return refuse('must be an IANA time zone such as Europe/Paris, America/New_York or UTC');
  }
}

export const analystSettings = defineSettings({
  /** Null: the server's own zone, read when a turn starts. */
  analystTimeZone: setting({
    name: 'ANALYST_TIME_ZONE',
    default: null,
    shownDefault: "(the server's)",
    read: readTimeZone,
    description:
      'IANA time zone the analyst reads "today", "this month" or "last week" in (e.g. Europe/Paris); its instructions carry the current date and time in it.',
  }),
  analystSemanticModel: oneOf({
    name: 'ANALYST_SEMANTIC_MODEL',
    values: ['on', 'off'],
    default: 'on',
    description:
      "`on`: the analyst answers from the database's semantic model (`list_metrics`, `query_metrics`) when a metric fits, the model proposed from the schema until one is saved; `off`: from the raw schema only (to compare the two).",
  }),
});

/** The zone the analyst works in: the setting, else the server process's own. */
export function analystTimeZone(configured: string | null): string {
  return configured ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
