import { availableParallelism } from 'node:os';

/**
 * Test files run at once, the same for every Vitest project (Vitest refuses projects of one group
 * with different counts). Most suites wait on databases, sockets and child processes rather than
 * compute, so a worker more than the machine has cores keeps them busy; VITEST_MAX_WORKERS
 * overrides it.
 */
export const testWorkers = Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1);
