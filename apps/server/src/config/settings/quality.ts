import type { Reading } from '../setting.ts';
import { accept, refuse, setting } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* Data-quality checks kept up to date on a schedule. */

/** Longest interval a schedule may have: a month. */
const MAX_MINUTES = 60 * 24 * 31;

/** Hosted teams get their checks run daily unless they say otherwise; a laptop runs them on demand. */
const HOSTED_DEFAULT_MINUTES = 1440;

function readMinutes(value: string): Reading<number | null> {
  const parsed = Number(value);
  return /^\d+$/.test(value) && parsed <= MAX_MINUTES
    ? accept(parsed)
    : refuse(`must be an integer between 0 and ${MAX_MINUTES}`);
}

export const qualitySettings = defineSettings({
  /** Minutes between runs of a database's checks when it sets no schedule of its own; null: by mode. */
  qualityScheduleMinutes: setting({
    name: 'QUALITY_SCHEDULE_MINUTES',
    default: null,
    shownDefault: '(0 in local mode, 1440 in hosted mode)',
    read: readMinutes,
    description:
      'Minutes between runs of the data-quality checks of a database that sets no schedule of its own on the control page; 0 turns scheduled runs off. Only one instance runs a given schedule.',
  }),
});

/** The schedule of databases without their own: the setting, else off in local mode and daily when hosted. */
export function defaultScheduleMinutes(configured: number | null, authMode: string): number {
  return configured ?? (authMode === 'local' ? 0 : HOSTED_DEFAULT_MINUTES);
}
