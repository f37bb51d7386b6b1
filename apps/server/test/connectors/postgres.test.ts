import { afterAll } from 'vitest';
import { defineContractSuite } from './contract-suite.ts';
import { defineSafeModeSuite } from './safe-mode-suite.ts';
import { defineServerFilesSuite } from './server-files-suite.ts';
import { postgresScratch } from './scratch-databases.ts';
import { postgresTarget } from './engine-targets.ts';

const target = await postgresTarget();
afterAll(() => target.dispose());

defineContractSuite(target);
defineSafeModeSuite('PostgreSQL', postgresScratch);
defineServerFilesSuite('PostgreSQL', postgresScratch);
