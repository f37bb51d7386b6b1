/** The moment a turn starts, as the analyst reads it: an instant and the zone people there live in. */
export interface TurnClock {
  now: Date;
  /** IANA name, e.g. Europe/Paris. */
  timeZone: string;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((entry) => entry.type === type)?.value ?? '';
}

/** The zone's offset from UTC at that instant, as +01:00 (daylight saving included). */
function utcOffset(clock: TurnClock): string {
  const name = part(
    new Intl.DateTimeFormat('en-US', { timeZone: clock.timeZone, timeZoneName: 'longOffset' }).formatToParts(
      clock.now,
    ),
    'timeZoneName',
  );
  // "GMT" alone is UTC itself; otherwise "GMT+01:00".
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

/**
 * One line telling the model what "today" is where the user is, with the ISO date it would write
 * in SQL: models otherwise assume the date their training ended, and "last month" goes wrong.
 */
export function describeCurrentTime(clock: TurnClock): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: clock.timeZone,
    weekday: 'long',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(clock.now);
  const date = `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
  const time = `${part(parts, 'hour')}:${part(parts, 'minute')}`;
  return `Now: ${part(parts, 'weekday')} ${date} ${time} in ${clock.timeZone} (UTC${utcOffset(clock)}). Read "today", "this month", "last year" and other relative dates from this date, in this time zone, unless the user says otherwise.`;
}
