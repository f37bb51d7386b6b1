import { describe, expect, it } from 'vitest';
import { defaultClaimNames } from '../../src/auth/oidc/oidc-settings.ts';
import { readProfile } from '../../src/auth/oidc/read-profile.ts';
import { safeReturnPath } from '../../src/auth/oidc/return-path.ts';

const issuer = 'https://id.example.com';

describe('reading a profile from claims', () => {
  it('reads the standard claims, trimmed, and leaves organisations alone unless a claim is named', () => {
    const profile = readProfile(
      issuer,
      {
        sub: ' 42 ',
        email: ' ann@example.com ',
        email_verified: 'false',
        given_name: 'Ann',
        family_name: '',
        picture: 7,
        org: 'Acme',
      },
      defaultClaimNames,
    );
    expect(profile).toEqual({
      issuer,
      subject: ' 42 ',
      email: 'ann@example.com',
      emailVerified: false,
      firstName: 'Ann',
      lastName: null,
      pictureUrl: null,
    });
  });

  it('reads each field from the claim the settings name, and an organisation in any common shape', () => {
    const names = {
      email: 'upn',
      givenName: 'first',
      familyName: 'last',
      picture: 'avatar',
      organization: 'https://example.com/org',
    };
    const read = (org: unknown) =>
      readProfile(
        issuer,
        {
          sub: 'u1',
          upn: 'u1@corp.example',
          first: 'Uma',
          last: 'Ur',
          avatar: 'https://a.example/u1.png',
          'https://example.com/org': org,
        },
        names,
      );
    expect(read('Acme')).toMatchObject({
      email: 'u1@corp.example',
      emailVerified: null,
      firstName: 'Uma',
      lastName: 'Ur',
      pictureUrl: 'https://a.example/u1.png',
      organization: 'Acme',
    });
    expect(read(['Acme', 'Other']).organization).toBe('Acme');
    expect(read({ Acme: { id: 'x' } }).organization).toBe('Acme');
    expect(read(undefined).organization).toBeNull();
    expect(read([]).organization).toBeNull();
  });
});

describe('the path to return to after sign-in', () => {
  it('stays on this site', () => {
    expect(safeReturnPath('/chat/new?x=1#y')).toBe('/chat/new?x=1#y');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'chat',
      '',
      null,
      undefined,
      '/a\nb',
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
