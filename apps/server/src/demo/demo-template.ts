import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEMO_TEMPLATE_NAME = 'demo-shop.sqlite';

/**
 * The demo shop as the server bundle's build generated it (scripts/server-bundle.ts writes it
 * beside the bundle's chunks), or null when the server runs from its sources. Generating the
 * ~100k rows took most of a first start (about 2 s of CPU); copying the same file takes
 * milliseconds. The generator is deterministic and the bundle is rebuilt whenever a source
 * changes, so the copy is what the generator would write.
 */
export function bundledDemoTemplate(): string | null {
  if (import.meta.url.endsWith('.ts')) return null;
  const file = fileURLToPath(new URL(`./${DEMO_TEMPLATE_NAME}`, import.meta.url));
  return existsSync(file) ? file : null;
}

/** Copies the template beside the target and renames it into place: never half a file there. */
export function copyDemoTemplate(template: string, file: string): void {
  const building = `${file}.${process.pid}.building`;
  try {
    copyFileSync(template, building);
    renameSync(building, file);
  } catch (error) {
    rmSync(building, { force: true });
    throw error;
  }
}
