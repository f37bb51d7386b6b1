// `npm run typecheck`: TypeScript's native compiler (TypeScript 7, `@typescript/native`) checks each
// project once, several times faster than TypeScript 6, which stays for typescript-eslint's JS API.
// The root project holds the server, the contracts, the eval and these scripts; the web app, the
// browser tests and the benchmarks have their own (the DOM's types, a bundler's resolution).
import { fileURLToPath } from 'node:url';
import { runCommand } from './run-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiler = fileURLToPath(import.meta.resolve('@typescript/native/package.json')).replace(
  /package\.json$/,
  'bin/tsc',
);
const projects = ['.', 'apps/web', 'e2e', 'bench'];

let failed = 0;
for (const project of projects) {
  const code = await runCommand(process.execPath, [compiler, '--noEmit', '--pretty', '-p', project], {
    cwd: root,
  });
  if (code !== 0) failed += 1;
}
process.exitCode = failed > 0 ? 1 : 0;
