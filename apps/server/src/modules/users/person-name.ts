/** How a person is shown to others: their name, else their email, else null. */
export function personName(first: string | null, last: string | null, email: string | null): string | null {
  const name = [first, last].filter((part) => part !== null && part.trim() !== '').join(' ');
  return name === '' ? email : name;
}
