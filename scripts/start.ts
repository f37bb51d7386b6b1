// `npm start`: build the web app if it is missing and the server bundle if it is missing or older
// than its sources, then run the bundle (which migrates and listens). Running the bundle rather
// than the sources takes a start from seconds to under one (scripts/server-bundle.ts says why).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCommand } from './run-command.ts';
import { ensureServerBundle, serverBundleMain } from './server-bundle.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));

if (!existsSync(webIndex)) {
  console.log('Building the web app (first start)…');
  const code = await runCommand('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root });
  if (code !== 0) process.exit(code);
}

try {
  if (await ensureServerBundle()) console.log('Built the server (apps/server/dist).');
} catch (error) {
  console.error(`Could not build the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

await import(pathToFileURL(serverBundleMain).href);
