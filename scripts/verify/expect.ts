/**
 * What a reply must show, as lists of problems: each problem names the header or field, what the
 * contract expects and what came back, so a failing row says what to fix without a second run.
 * The expected values come from the project's own modules (headers, page headers, schemas).
 */
import type { ErrorObject } from 'ajv';
import { apiValidator } from '../../build/ajv.ts';
import type { ApiSchemaName } from '../../core/schema-files.ts';
import { apiHeaders, EXPOSED_HEADERS, majorOfPath } from '../../core/headers.ts';
import type { BuildStamp } from '../../core/headers.ts';
import { securityHeaders } from '../../core/page-headers.ts';
import type { Reply } from './client.ts';
import { listOf, mediaTypeOf } from './site.ts';

export type Problems = string[];

const shown = (value: string | undefined) => (value === undefined ? 'none' : JSON.stringify(value));

/** An entity-tag as RFC 9110 §8.8.3 spells it: optionally weak, then a quoted opaque string. */
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

export function statusIs(reply: Reply, ...expected: number[]): Problems {
  return expected.includes(reply.status) ? [] : [`status: expected ${expected.join(' or ')}, got ${reply.status}`];
}

export function headerIs(reply: Reply, name: string, expected: string): Problems {
  const value = reply.headers[name];
  return value === expected ? [] : [`header ${name}: expected ${shown(expected)}, got ${shown(value)}`];
}

/** A comma-separated header that must list at least these items (any order, any case). */
export function headerLists(reply: Reply, name: string, items: readonly string[]): Problems {
  const listed = listOf(reply.headers[name]);
  const missing = items.filter((item) => !listed.has(item.toLowerCase()));
  return missing.length === 0 ? [] : [`header ${name}: expected to list ${missing.join(', ')}, got ${shown(reply.headers[name])}`];
}

export function mediaTypeIs(reply: Reply, expected: string): Problems {
  const got = mediaTypeOf(reply.headers['content-type']);
  return got === mediaTypeOf(expected) ? [] : [`header content-type: expected ${expected}, got ${shown(reply.headers['content-type'])}`];
}

export function etagPresent(reply: Reply): Problems {
  const etag = reply.headers.etag;
  return etag !== undefined && ENTITY_TAG.test(etag) ? [] : [`header etag: expected an entity-tag such as "abc" or W/"abc", got ${shown(etag)}`];
}

export function emptyBody(reply: Reply): Problems {
  return reply.body.length === 0 ? [] : [`body: expected none, got ${reply.body.length} bytes`];
}

/**
 * The header set every JSON answer carries ("Headers on every JSON response"): this build's stamp,
 * the major of the path, the request budget, CORS and nosniff, exactly as core/headers.ts
 * makes them; a lifetime (its value is a check of its own) and, unless told otherwise, a validator.
 */
export function apiHeaderSet(reply: Reply, stamp: BuildStamp, { etag = true }: { etag?: boolean } = {}): Problems {
  const expected = apiHeaders(stamp, { major: majorOfPath(new URL(reply.url).pathname) });
  const problems: Problems = [];
  for (const [name, value] of Object.entries(expected)) {
    if (name === 'cache-control') {
      if (!reply.headers[name]) problems.push(`header cache-control: expected a lifetime, got none`);
    } else if (name === 'access-control-expose-headers') {
      problems.push(...headerLists(reply, name, EXPOSED_HEADERS));
    } else {
      problems.push(...headerIs(reply, name, value));
    }
  }
  if (etag) problems.push(...etagPresent(reply));
  return problems;
}

/** The security headers of every page (CSP, framing, referrer, permissions) from page-headers.ts. */
export function pageSecurityHeaders(reply: Reply): Problems {
  return Object.entries(securityHeaders()).flatMap(([name, value]) => headerIs(reply, name, value));
}

/** The body as JSON, or the problem that it is not. */
export function parseJson(reply: Reply): { value?: unknown; problems: Problems } {
  try {
    return { value: JSON.parse(reply.text), problems: [] };
  } catch {
    return { problems: [`body: expected JSON, got ${shown(reply.text.slice(0, 80))}`] };
  }
}

/** Validates against a response schema of schema/api through the project's ajv. */
export function matchesSchema(name: ApiSchemaName, value: unknown): Problems {
  const validate = apiValidator(name);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 5).map((error: ErrorObject) => `body${error.instancePath || ''}: ${error.message ?? 'invalid'} (${name} schema)`);
}

/** A JSON answer: status, media type, the header set and the schema (or at least an object); the parsed body for more checks. */
export function jsonAnswer(reply: Reply, stamp: BuildStamp, schema: ApiSchemaName | undefined, statuses: number[] = [200]): { body?: unknown; problems: Problems } {
  const problems = [...statusIs(reply, ...statuses), ...mediaTypeIs(reply, 'application/json'), ...apiHeaderSet(reply, stamp)];
  const { value, problems: notJson } = parseJson(reply);
  if (notJson.length > 0) return { problems: [...problems, ...notJson] };
  if (schema !== undefined) problems.push(...matchesSchema(schema, value));
  else if (value === null || typeof value !== 'object' || Array.isArray(value)) problems.push('body: expected a JSON object');
  return { body: value, problems };
}
