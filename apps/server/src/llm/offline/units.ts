import type { Scale, Unit } from './question.ts';
import type { KnownColumn } from './schema-knowledge.ts';

/*
 * Units of durations and sizes, read from a column's name (Milliseconds, duration_seconds, Bytes,
 * size_kb), so "in minutes" and "longer than 5 minutes" can be converted. A column whose name
 * says no unit is not converted: the answer would be a guess.
 */

const perUnit: Record<Unit, number> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  byte: 1,
  kilobyte: 1000,
  megabyte: 1_000_000,
  gigabyte: 1_000_000_000,
};

const nameWords: Record<string, Unit> = {
  millisecond: 'millisecond',
  ms: 'millisecond',
  second: 'second',
  sec: 'second',
  minute: 'minute',
  min: 'minute',
  hour: 'hour',
  byte: 'byte',
  kb: 'kilobyte',
  kilobyte: 'kilobyte',
  mb: 'megabyte',
  megabyte: 'megabyte',
  gb: 'gigabyte',
  gigabyte: 'gigabyte',
};

const family = (unit: Unit) => (/byte/.test(unit) ? 'size' : 'time');

export function unitOfColumn(column: KnownColumn): Unit | null {
  for (const word of column.words) {
    const unit = nameWords[word];
    if (unit !== undefined) return unit;
  }
  return null;
}

/** How many of the column's unit make one of `unit`; null when they measure different things. */
export function factor(column: KnownColumn, unit: Unit): number | null {
  const own = unitOfColumn(column);
  if (own === null || family(own) !== family(unit)) return null;
  return perUnit[unit] / perUnit[own];
}

const scaleFactors: Record<'thousand' | 'million' | 'billion', number> = {
  thousand: 1000,
  million: 1_000_000,
  billion: 1_000_000_000,
};

/** The divisor that shows a measure of `column` in the scale asked for; null when it cannot. */
export function scaleDivisor(column: KnownColumn, scale: Scale): number | null {
  if (scale.unit === 'thousand' || scale.unit === 'million' || scale.unit === 'billion')
    return scaleFactors[scale.unit];
  return factor(column, scale.unit);
}

/** A note saying how a size was converted, since kilo, mega and giga have two meanings. */
export function unitNote(unit: Unit | 'thousand' | 'million' | 'billion'): string | null {
  return /^(kilo|mega|giga)byte$/.test(unit)
    ? `I counted a ${unit} as ${perUnit[unit as Unit].toLocaleString('en-US')} bytes.`
    : null;
}
