// `npm run bench`: every benchmark measures Querent and a baseline in the same run and prints the ratio.
import { benchBundleSize } from './bundle-size.bench.ts';
import { benchStartup } from './startup.bench.ts';

const rows = [...(await benchStartup()), ...(await benchBundleSize())];
console.table(rows);
