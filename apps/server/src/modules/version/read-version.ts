import { readFileSync } from 'node:fs';
import type { VersionInfo } from '@querent/contracts';
import { rootPackageJsonPath } from '../../paths.ts';

let cached: string | undefined;

/** The product version is the root package's; read once, it cannot change while running. */
export function readProductVersion(): string {
  if (cached === undefined) {
    const parsed = JSON.parse(readFileSync(rootPackageJsonPath, 'utf8')) as { version?: unknown };
    cached = typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  }
  return cached;
}

/** No update check: the product makes no calls to the internet on its own. */
export function getVersionInfo(): VersionInfo {
  const version = readProductVersion();
  return { version, latest: version, hasUpdate: false };
}
