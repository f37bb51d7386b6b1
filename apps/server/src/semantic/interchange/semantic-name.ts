/*
 * Names from other tools made into semantic names (lower snake_case, a letter first, at most 64
 * characters), and kept unique where the model looks them up. A name that had to change is
 * reported by the caller, so people can find what they wrote.
 */

const maxLength = 64;

/** `Order Total` → order_total, `2024_sales` → n_2024_sales; empty input gives `unnamed`. */
export function toSemanticName(text: string): string {
  let name = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') name = 'unnamed';
  if (!/^[a-z]/.test(name)) name = `n_${name}`;
  return name.slice(0, maxLength).replace(/_+$/, '');
}

/** Hands out names unique within one scope: a clash gets `_2`, `_3`… */
export function uniqueNames(): (wanted: string) => string {
  const taken = new Set<string>();
  return (wanted) => {
    let name = wanted;
    for (let suffix = 2; taken.has(name); suffix += 1) {
      const tail = `_${suffix}`;
      name = `${wanted.slice(0, maxLength - tail.length)}${tail}`;
    }
    taken.add(name);
    return name;
  };
}
