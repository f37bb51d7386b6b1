import { afterAll } from 'vitest';
import { defineContractSuite } from './contract-suite.ts';
import { defineSafeModeSuite } from './safe-mode-suite.ts';
import { defineServerFilesSuite } from './server-files-suite.ts';
import { sqliteScratch } from './scratch-databases.ts';
import { sqliteTarget } from './engine-targets.ts';

const target = await sqliteTarget();
afterAll(() => target.dispose());

defineContractSuite(target);
defineSafeModeSuite('SQLite', sqliteScratch);
defineServerFilesSuite('SQLite', sqliteScratch);
