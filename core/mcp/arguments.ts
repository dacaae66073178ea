/**
 * A tool's arguments checked against its input schema (Ajv, draft 2020-12, as schema/ is), and each
 * problem said in one sentence: the argument, what it must be (read from the schema, so the words
 * cannot drift from what is checked), what came, and the nearest allowed value or argument name.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { echo, echoPath } from '../errors.ts';
import { nearest } from '../nearest.ts';
import type { JsonSchema } from './json-schema.ts';

export interface ArgumentProblem {
  /** The argument the problem is about. */
  argument: string;
  message: string;
  /** The value the caller probably meant, for a hint (an enum value or an argument name). */
  nearValue?: string;
}

export type ArgumentCheck = { ok: true; args: Record<string, unknown> } | { ok: false; problems: ArgumentProblem[] };

export type ArgumentChecker = (args: Record<string, unknown> | undefined) => ArgumentCheck;

/**
 * One Ajv for every tool's input schema, which is self-contained. Checking a schema against the
 * 2020-12 meta-schema would cost a cold function more than compiling all four tools, so it is left
 * to the tests (tool-schemas.test.ts), where the derived schemas are checked once.
 */
let ajv: Ajv2020 | undefined;

export function argumentChecker(tool: string, input: JsonSchema): ArgumentChecker {
  ajv ??= new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false });
  const validate: ValidateFunction = ajv.compile(input);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  return (args = {}) => {
    if (validate(args)) return { ok: true, args };
    const problems = new Map<string, ArgumentProblem>();
    for (const error of validate.errors ?? []) {
      const problem = describe(tool, error, args, properties);
      // One sentence per argument: an unknown value fails `enum` only, a bad slug may fail both
      // `pattern` and `maxLength`, which the expectation already names together.
      if (problem && !problems.has(problem.argument)) problems.set(problem.argument, problem);
    }
    return { ok: false, problems: [...problems.values()] };
  };
}

function describe(tool: string, error: ErrorObject, args: Record<string, unknown>, properties: Record<string, JsonSchema>): ArgumentProblem | undefined {
  const names = Object.keys(properties);
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    const takes = names.length === 0 ? 'takes no arguments' : `takes only ${names.join(', ')}`;
    const near = nearest(name, names);
    return { argument: name, message: `Unknown argument ${echo(name)}; ${tool} ${takes}${near ? ` (did you mean "${near}"?)` : ''}.`, nearValue: near };
  }
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    return { argument: name, message: `Argument "${name}" is missing; expected ${expectation(properties[name] ?? {})}.` };
  }
  if (error.keyword === 'type' && error.instancePath === '') {
    return { argument: '', message: `The arguments of ${tool} must be an object, not ${shown(args)}.` };
  }
  const name = decodeURIComponent(error.instancePath.split('/')[1] ?? '').replaceAll('~1', '/').replaceAll('~0', '~');
  const schema = properties[name];
  if (!schema) return undefined;
  const value = args[name];
  const allowed = schema.enum as unknown[] | undefined;
  const near = allowed && typeof value === 'string' ? nearest(value, allowed.map(String)) : undefined;
  return {
    argument: name,
    message: `Argument "${name}" must be ${expectation(schema)}, not ${shown(value)}${near ? ` (did you mean "${near}"?)` : ''}.`,
    nearValue: near,
  };
}

/** What a value of `schema` is, in words: its allowed values, range, length and pattern. */
export function expectation(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(String).join(', ')}`;
  if (schema.type === 'integer') {
    const { minimum: min, maximum: max } = schema as { minimum?: number; maximum?: number };
    if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
    return 'a whole number';
  }
  if (schema.type === 'string') {
    const { minLength: min, maxLength: max, pattern } = schema as { minLength?: number; maxLength?: number; pattern?: string };
    const length = min !== undefined && max !== undefined ? ` of ${min} to ${max} characters` : max !== undefined ? ` of at most ${max} characters` : '';
    return `a string${length}${pattern ? ` matching ${pattern}` : ''}`;
  }
  return typeof schema.type === 'string' ? `a value of type ${schema.type}` : 'a value this tool describes';
}

/** A value as a message repeats it: a string quoted and cut like any echo, anything else as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'string') return echo(value);
  return echoPath(JSON.stringify(value) ?? String(value));
}
