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

/**
 * Something private to its owner until they share it with their organisation, never public
 * (conversations, saved queries, charts), following `parent` when given.
 */
export function sharedByChoiceSubject(
  kind: ObjectKind,
  owned: { ownerId: string; organizationId: string | null; sharedWithOrganization: boolean },
  parent?: Subject,
): Subject {
  return {
    kind,
    ownerId: owned.ownerId,
    organizationId: owned.organizationId,
    sharedWithOrganization: owned.sharedWithOrganization,
    isPublic: false,
    ...(parent === undefined ? {} : { parent }),
  };
}

/** Something that follows another object's access (business entities, issues, memory). */
export function followingSubject(kind: ObjectKind, followed: Subject): Subject {
  return { ...followed, kind, parent: followed };
}

/**
 * Whether `made` is its publisher's: made by the owner of `published`, or by someone of the
 * owner's organisation. A public object shares what its publisher made on it (a public database,
 * its publisher's projects), not what others built on it.
 */
export function madeByPublisher(
  made: { ownerId: string | null; organizationId: string | null },
  published: { ownerId: string | null; organizationId: string | null },
): boolean {
  return (
    (made.ownerId !== null && made.ownerId === published.ownerId) ||
    (made.organizationId !== null && made.organizationId === published.organizationId)
  );
}
