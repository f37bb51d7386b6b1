import { afterAll } from 'vitest';
import { defineContractSuite } from './contract-suite.ts';
import { defineSafeModeSuite } from './safe-mode-suite.ts';
import { defineServerFilesSuite } from './server-files-suite.ts';
import { mysqlScratch } from './scratch-databases.ts';
import { mysqlTarget } from './engine-targets.ts';

const target = await mysqlTarget();
afterAll(() => target.dispose());

defineContractSuite(target);
defineSafeModeSuite('MariaDB', mysqlScratch);
defineServerFilesSuite('MariaDB', mysqlScratch);
