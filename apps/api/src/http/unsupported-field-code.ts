const KEY = Symbol('unsupportedFieldCode');

/**
 * The code a DTO's unknown or protected fields are rejected with (`unsupported_estimate_field`);
 * without it, `unsupported_field`.
 */
export function UnsupportedFieldCode(code: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(KEY, code, target);
  };
}

export function unsupportedFieldCodeOf(dto: object): string {
  return (Reflect.getMetadata(KEY, dto) as string | undefined) ?? 'unsupported_field';
}
