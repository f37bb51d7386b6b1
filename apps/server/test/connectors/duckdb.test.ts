import { afterAll } from 'vitest';
import { defineContractSuite } from './contract-suite.ts';
import { defineSafeModeSuite } from './safe-mode-suite.ts';
import { defineServerFilesSuite } from './server-files-suite.ts';
import { duckdbScratch } from './scratch-databases.ts';
import { duckdbTarget } from './engine-targets.ts';

const target = await duckdbTarget();
afterAll(() => target.dispose());

defineContractSuite(target);
defineSafeModeSuite('DuckDB', duckdbScratch);
defineServerFilesSuite('DuckDB', duckdbScratch);
