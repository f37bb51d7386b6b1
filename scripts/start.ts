// `npm start`: build the web app if it is missing, then run the server (which migrates and listens).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCommand } from './run-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));

if (!existsSync(webIndex)) {
  console.log('Building the web app (first start)…');
  const code = await runCommand('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root });
  if (code !== 0) process.exit(code);
}

await import('../apps/server/src/main.ts');
