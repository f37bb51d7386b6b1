import type { DateGrain } from './sql-dialect-descriptor.ts';

/*
 * Date arithmetic every engine can do: whole days or whole months. A week is seven days, a
 * quarter three months and a year twelve, so moving by a grain needs only those two units.
 */

export interface DateSteps {
  unit: 'day' | 'month';
  amount: number;
}

/** `count` grains as days or months (negative counts go back in time). */
export function grainSteps(count: number, grain: DateGrain): DateSteps {
  if (!Number.isInteger(count)) throw new Error(`A date can only move by whole ${grain}s, not ${count}`);
  switch (grain) {
    case 'day':
      return { unit: 'day', amount: count };
    case 'week':
      return { unit: 'day', amount: count * 7 };
    case 'month':
      return { unit: 'month', amount: count };
    case 'quarter':
      return { unit: 'month', amount: count * 3 };
    case 'year':
      return { unit: 'month', amount: count * 12 };
  }
}
