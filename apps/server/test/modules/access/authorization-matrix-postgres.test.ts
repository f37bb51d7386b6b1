import { storeDialect } from '../../helpers/store-dialects.ts';
import { authorizationMatrixSuite } from '../../matrix/authorization-matrix-suite.ts';

// The authorization matrix (matrix/authorization-matrix-suite.ts) on the PostgreSQL store; each
// store has its own file so the two run side by side.
authorizationMatrixSuite(await storeDialect('Authorization matrix', 'postgres'));
