import { fileURLToPath } from 'node:url';

/**
 * Locations derived from this file, not from the working directory, so the server finds its
 * siblings whether it is started from the repo root, from apps/server or by a test runner.
 */
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const rootPackageJsonPath = fileURLToPath(new URL('../../../package.json', import.meta.url));
