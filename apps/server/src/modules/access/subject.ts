import type { ObjectKind } from './access-words.ts';

/**
 * An object as the policy sees it: who owns it, the owner's organisation, and how far it is
 * shared. Each module turns its records into subjects (`*-subject.ts`), so the rule that decides
 * from these facts lives in `relationOf` alone.
 */
export interface Subject {
  kind: ObjectKind;
  /** Null for kinds asked about without an object (`create`) or without an owner. */
  ownerId: string | null;
  /** The owner's organisation, where it is shared when it is. */
  organizationId: string | null;
  /** Shared with `organizationId`'s members: always for databases and projects, by choice for the rest. */
  sharedWithOrganization: boolean;
  /** Readable by everyone (public databases and what follows them). */
  isPublic: boolean;
  /**
   * What this object follows: visible only while that is (a chart its query, a project its
   * database, an issue its database).
   */
  parent?: Subject;
}

/** The kind itself, for `create` and other questions asked before an object exists. */
export function kindSubject(kind: ObjectKind): Subject {
  return { kind, ownerId: null, organizationId: null, sharedWithOrganization: false, isPublic: false };
}

/** Something that follows another object's access (business entities, issues, memory). */
export function followingSubject(kind: ObjectKind, followed: Subject): Subject {
  return { ...followed, kind, parent: followed };
}
