/** A person known to the test provider: the login typed on its form is the subject. */
export interface TestUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
  /** The organisation claim, released with the `org` scope. */
  org?: string;
}

export const testUsers = {
  alice: {
    sub: 'alice',
    email: 'alice@example.com',
    email_verified: true,
    given_name: 'Alice',
    family_name: 'Liddell',
    picture: 'https://images.example.com/alice.png',
    org: 'Wonderland',
  },
  bob: {
    sub: 'bob',
    email: 'bob@example.com',
    email_verified: true,
    given_name: 'Bob',
    family_name: 'Builder',
    org: 'Wonderland',
  },
  carol: {
    sub: 'carol',
    email: 'carol@example.com',
    email_verified: false,
    given_name: 'Carol',
    family_name: 'Unverified',
  },
} satisfies Record<string, TestUser>;

/**
 * Logins the provider has never seen stand for people who just registered (a sign-up): the login
 * is their subject and, when it looks like one, their email.
 */
export function newcomer(login: string): TestUser {
  return login.includes('@') ? { sub: login, email: login, email_verified: true } : { sub: login };
}
