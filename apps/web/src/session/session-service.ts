import type { Api } from '../api/create-api.ts';
import type { Browser } from '../lib/browser.ts';
import { useUserStore } from '../stores/user-store.ts';
import { isSignedIn, mapServerUser } from './current-user.ts';

export const LOGIN_FALLBACK_PATH = '/login';

export interface SessionDeps {
  api: Pick<Api, 'auth' | 'user'>;
  browser: Browser;
  /** Extra clean-up on logout, e.g. dropping cached server data. */
  onLogout?: () => void;
}

export type Session = ReturnType<typeof createSession>;

/** Sign-in, user, credits and logout, with their failure rules (see docs/BEHAVIOUR.md). */
export function createSession({ api, browser, onLogout }: SessionDeps) {
  async function fetchCredits(): Promise<void> {
    const store = useUserStore.getState();
    try {
      const { credits_remaining, unlimited } = await api.user.credits();
      // An older server may omit `unlimited`; setCredits treats undefined as false.
      store.setCredits(credits_remaining ?? 0, unlimited);
    } catch (error) {
      console.error('Failed to fetch credits', error);
      store.setCredits(0);
    }
  }

  /** Loads the user, then their credits. A failure leaves the user as it was. */
  async function fetchUser(): Promise<void> {
    let server;
    try {
      server = await api.user.me();
    } catch (error) {
      console.error('Failed to fetch user', error);
      return;
    }
    const previous = useUserStore.getState().user;
    useUserStore.getState().setUser({
      ...mapServerUser(server),
      credits: previous.credits,
      unlimitedCredits: previous.unlimitedCredits,
    });
    await fetchCredits();
  }

  /** The auth check of the navigation guard: true once a user is known. */
  async function checkAuth(): Promise<boolean> {
    await fetchUser();
    return isSignedIn(useUserStore.getState().user);
  }

  /**
   * Where to sign in: the provider's authorization URL, or the app's own login page. With
   * `signUp`, the provider's registration page.
   */
  async function loginUrl(signUp = false): Promise<string> {
    try {
      const { authorization_url } = await api.auth.authorizationUrl(signUp);
      if (authorization_url) return authorization_url;
    } catch (error) {
      console.error('Failed to fetch the sign-in address', error);
    }
    return LOGIN_FALLBACK_PATH;
  }

  async function goToLogin(): Promise<void> {
    browser.assign(await loginUrl());
  }

  // Set once logging out: the browser is about to leave for the provider's logout page, and a call
  // still under way that now answers 401 must not send it to sign in instead.
  let loggingOut = false;
  const isLoggingOut = () => loggingOut;

  /** The re-authentication run of a 401 (see docs/BEHAVIOUR.md, Users); none while logging out. */
  async function reauthenticate(): Promise<void> {
    if (isLoggingOut()) return;
    const url = await loginUrl();
    // Asked before the logout began, answered after it: the logout page still wins.
    if (!isLoggingOut()) browser.assign(url);
  }

  /** Sign-up goes to the sign-in service's registration page, as the server names it. */
  async function signUp(): Promise<void> {
    browser.assign(await loginUrl(true));
  }

  async function logout(): Promise<void> {
    loggingOut = true;
    useUserStore.getState().reset();
    onLogout?.();
    try {
      const { logout_url } = await api.auth.logout();
      if (logout_url) {
        browser.assign(logout_url);
        return;
      }
    } catch (error) {
      console.error('Logout failed', error);
    }
    await goToLogin();
  }

  return { fetchUser, fetchCredits, checkAuth, loginUrl, goToLogin, reauthenticate, signUp, logout };
}
