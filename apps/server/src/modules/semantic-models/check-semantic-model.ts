import type { SemanticModel } from '@querent/contracts';
import { AppError } from '../../errors.ts';
import { validateSemanticModel } from '../../semantic/validate-semantic-model.ts';

/**
 * Refuses a model whose references are broken with a 400 naming the first part at fault under
 * `field` (`model.metrics[2].measure`), and up to five problems in the message.
 */
export function checkSemanticModel(model: SemanticModel, field = 'model'): void {
  const problems = validateSemanticModel(model);
  const [first] = problems;
  if (first === undefined) return;
  const listed = problems
    .slice(0, 5)
    .map((problem) => `${field}.${problem.path}: ${problem.message}`)
    .join('; ');
  const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
  throw new AppError('BAD_REQUEST', `The semantic model is not valid: ${listed}${more}`, {
    field: `${field}.${first.path}`,
  });
}
