import type { ServerUser } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { emptyUser, isAnonymous, isSignedIn, mapServerUser } from '../src/session/current-user.ts';
import { personAbilitiesOf } from './helpers/fixtures.ts';

const serverUser: ServerUser = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  profile_picture_url: 'https://example.com/ada.png',
  role: 'admin',
  organization_id: 'org-1',
  abilities: personAbilitiesOf('admin'),
};

describe('current user', () => {
  it('maps the server fields to the client shape', () => {
    expect(mapServerUser(serverUser)).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profilePictureUrl: 'https://example.com/ada.png',
      isAdmin: true,
      inOrganization: true,
      role: 'admin',
      abilities: personAbilitiesOf('admin'),
    });
  });

  it('takes what the person may do from the abilities the server sends, not from the role', () => {
    const granted = { ...personAbilitiesOf('member'), manage_people: true };
    expect(mapServerUser({ ...serverUser, role: 'member', abilities: granted }).abilities).toEqual(granted);
  });

  it('is admin only when the role is exactly admin', () => {
    expect(mapServerUser({ ...serverUser, role: 'member' }).isAdmin).toBe(false);
    expect(mapServerUser({ ...serverUser, role: 'anonymous' }).isAdmin).toBe(false);
    expect(mapServerUser({ ...serverUser, role: 'Admin' }).isAdmin).toBe(false);
  });

  it('is in an organization when organization_id is not null', () => {
    expect(mapServerUser({ ...serverUser, organization_id: null }).inOrganization).toBe(false);
  });

  it('is signed in when the id is not null and anonymous when the role is anonymous', () => {
    expect(isSignedIn(emptyUser)).toBe(false);
    const user = { ...emptyUser, ...mapServerUser(serverUser) };
    expect(isSignedIn(user)).toBe(true);
    expect(isAnonymous(user)).toBe(false);
    expect(isAnonymous({ ...user, role: 'anonymous' })).toBe(true);
  });

  it('starts empty: no id, not admin, 0 credits, no role, allowed nothing', () => {
    expect(emptyUser).toMatchObject({
      id: null,
      isAdmin: false,
      credits: 0,
      role: null,
      inOrganization: false,
      abilities: personAbilitiesOf('nobody'),
    });
  });
});
