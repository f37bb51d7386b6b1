import { foldWord } from '../../text/words.ts';

/*
 * The model's names: lower snake_case from a name's words, at most 64 characters, unique where
 * they are referenced. A proposed item keeps its name from one proposal to the next (same schema,
 * same name), so a person's later accept, edit or reject can point at it.
 */

const MAX_NAME = 64;

/** Words as a model name: "Invoice", "Lines" → invoice_lines; a name starting with a digit gets `n_`. */
export function snakeName(words: readonly string[], fallback: string): string {
  // A word may itself be a name ("order_line"): its parts are words too.
  const joined = words
    .flatMap((word) => foldWord(word).split(/[^a-z0-9]+/))
    .filter((word) => word !== '')
    .join('_');
  const name = joined === '' ? fallback : /^[a-z]/.test(joined) ? joined : `n_${joined}`;
  return trimName(name);
}

function trimName(name: string): string {
  return name.slice(0, MAX_NAME).replace(/_+$/, '');
}

/** Hands out names unique within one scope (a model's datasets, a dataset's fields…). */
export class NameScope {
  private readonly taken = new Set<string>();

  /** Whether a name is already handed out. */
  has(name: string): boolean {
    return this.taken.has(name);
  }

  /** The name itself when free, else the name with the first free suffix: total, total_2, total_3… */
  claim(name: string): string {
    let candidate = name;
    for (let suffix = 2; this.taken.has(candidate); suffix += 1) {
      const tail = `_${suffix}`;
      candidate = `${trimName(name.slice(0, MAX_NAME - tail.length))}${tail}`;
    }
    this.taken.add(candidate);
    return candidate;
  }
}
