import { loadOnce } from '../../load-once.ts';

/**
 * The sign-in flow with openid-client, loaded only by hosted mode: a local instance never signs
 * anyone in, so it does not pay for loading the library at start-up.
 */
export const loadHostedSignIn = loadOnce(() => import('./hosted-sign-in.ts'));
