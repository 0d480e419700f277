import { ValidationError } from 'class-validator';
import { ApiError } from '@app/runtime';

/** One failed rule, at its dotted path (`lines.0.quantity`). */
export interface FieldProblem {
  param: string;
  message: string;
  /** The field is not part of the DTO: unknown or protected. */
  unsupported: boolean;
}

/** Flattens class-validator's tree: children of arrays and nested DTOs get their index or name in the path. */
export function fieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const param = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    const own = constraints.map(([rule, message]): FieldProblem => {
      const unsupported = rule === 'whitelistValidation';
      return { param, unsupported, message: unsupported ? `Unsupported field: ${param}.` : message };
    });
    return [...own, ...fieldProblems(error.children ?? [], param)];
  });
}

export type InputKind = 'body' | 'query';

/**
 * The one error answered for invalid input: an unsupported field first (it is never ignored),
 * else the first failed rule. Query parameters all answer `invalid_query_parameter`.
 */
export function validationError(
  problems: FieldProblem[],
  kind: InputKind,
  unsupportedCode: string,
): ApiError {
  const problem = problems.find((p) => p.unsupported) ?? problems[0];
  const code =
    kind === 'query'
      ? 'invalid_query_parameter'
      : problem.unsupported
        ? unsupportedCode
        : 'validation_failed';
  return new ApiError(422, code, problem.message, { param: problem.param });
}
