/** Types of ajv-validators.generated.cjs (written by scripts/validators.ts). */
declare const compiled: {
  /** Each validator compiled ahead of time, by its reference from build/ajv.ts's SCHEMA_BASE. */
  validators: Readonly<Record<string, ((data: unknown) => boolean) & { errors?: unknown[] | null }>>;
};
export = compiled;
