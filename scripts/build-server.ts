// `npm run build` (after the web app): the server bundle that `npm start` runs (server-bundle.ts).
import { buildServerBundle, serverDistDir } from './server-bundle.ts';

await buildServerBundle();
console.log(`Built the server into ${serverDistDir}`);
