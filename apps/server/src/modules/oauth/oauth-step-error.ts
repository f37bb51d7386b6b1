import { AppError } from '../../errors.ts';

/**
 * oidc-provider's own refusals (an expired or unknown interaction, a missing cookie) as the
 * person's error, not a bug of ours: a 400 saying to start again from the app.
 */
export function asOauthStepError(error: unknown): unknown {
  if (error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number') {
    const described = (error as { error_description?: unknown }).error_description;
    return new AppError(
      'BAD_REQUEST',
      `This sign-in for an app cannot go on (${typeof described === 'string' ? described : error.message}): start again from the app`,
    );
  }
  return error;
}
