import type { UserRole } from '../../store/schema.ts';

/*
 * Questions about the person rather than about an object, for the few rules that hang on who
 * someone is (a visitor's question limit, keeping an administrator on sign-in, the last active
 * administrator). What a person may do with objects is the role table's, through `can`.
 */

/** An anonymous visitor of the sandbox, not a person who signed in. */
export function isVisitor(person: { role: UserRole }): boolean {
  return person.role === 'anonymous';
}

/** One of Querent's administrators. */
export function isAdministrator(person: { role: UserRole }): boolean {
  return person.role === 'admin';
}
