/** openapi.json's headers: every set the service sends, made by the header module's own functions,
 * declared per response, with shared components described once. */
import {
  apiHeaders, CACHE_NO_STORE, CACHE_PUBLIC_HOUR, preflightHeaders, RATE_LIMIT,
} from '../../core/headers.ts';
import type { BuildStamp, HeaderSet } from '../../core/headers.ts';
import { negotiatedPageHeaders, securityHeaders } from '../../core/page-headers.ts';
import { ageHeaders } from '../../core/payment/age.ts';
import { HEALTH_TTL_MS } from '../../core/payment/lifetimes.ts';
import { BuildDefinitionError } from '../errors.ts';
import type { Json } from './components.ts';

/**
 * Every header set the service sends, made by the functions that make them (so an added header or a
 * changed value shows here on the next build): static files get `dist/_headers`' set and their
 * ETag from the CDN, function answers the same set with their own strong ETag.
 */
export function headerSets(stamp: BuildStamp) {
  const withEtag = (set: HeaderSet): HeaderSet => ({ ...set, etag: '' });
  const base = (cacheControl = CACHE_PUBLIC_HOUR) => ({ ...apiHeaders(stamp, { cacheControl }), ...securityHeaders() });
  return {
    json: withEtag(base()),
    jsonNoStore: withEtag(base(CACHE_NO_STORE)),
    twin: withEtag({ ...base(), ...negotiatedPageHeaders() }),
    health: withEtag({ ...base(CACHE_NO_STORE), ...ageHeaders(0) }),
    preflight: { ...base(), ...preflightHeaders() },
  };
}

/** Headers whose value is the same on every answer that carries them: stated as `const`. */
const FIXED = new Set(['api-version', 'access-control-allow-origin', 'x-content-type-options', ...Object.keys(securityHeaders())]);

/** A response's headers: a `$ref` to the shared component, or inline where the value is per response. */
export function declaredHeaders(set: HeaderSet, optional: readonly string[]): Json {
  const names = [...Object.keys(set), ...optional.filter((name) => !(name in set))];
  return Object.fromEntries(names.map((name) => {
    const required = !optional.includes(name);
    // cache-control differs per response (an hour, or no-store), `vary` per kind of answer, and
    // access-control-expose-headers grows by `age` on the health check: stated inline.
    if (name === 'cache-control' || name === 'vary' || name === 'access-control-expose-headers' || (name in preflightHeaders() && name !== 'access-control-allow-origin')) {
      return [name, inlineHeader(name, set[name], required)];
    }
    return [name, { $ref: `#/components/headers/${name}` }];
  }));
}

function inlineHeader(name: string, value: string, required: boolean): Json {
  if (name === 'access-control-expose-headers') {
    return { description: `The headers a browser may read: ${value}.`, required, schema: { type: 'string', const: value } };
  }
  return { description: `\`${value}\``, required, schema: { type: 'string', const: value } };
}

/** The shared header components, each with its schema derived from the value the header module makes. */
export function headerComponents(stamp: BuildStamp, lifecycle: readonly string[]): Json {
  const sample: HeaderSet = { ...apiHeaders(stamp), ...securityHeaders(), ...ageHeaders(0) };
  const described: Record<string, [string, Json?]> = {
    'x-build-version': ['The build that answered; compare across calls to detect a deploy mid-session.'],
    'x-base-url': ['Canonical origin served, no trailing slash.', { type: 'string', format: 'uri' }],
    'api-version': ['Major version that answered.'],
    etag: ['Validator for conditional requests: strong on function answers, as the CDN makes it on files.', { type: 'string', pattern: '^(W/)?"[^"]*"$' }],
    'ratelimit-policy': [`Request budget: ${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} s per client. Informational today.`, { type: 'string', pattern: '^[0-9]+;w=[0-9]+$' }],
    'ratelimit-limit': ['Requests allowed in the window.', { type: 'string', pattern: '^[0-9]+$' }],
    'ratelimit-remaining': ['Requests left in the window.', { type: 'string', pattern: '^[0-9]+$' }],
    'ratelimit-reset': ['Seconds until the window resets.', { type: 'string', pattern: '^[0-9]+$' }],
    'access-control-allow-origin': ['Any origin may read.'],
    'x-content-type-options': ['The media type is not to be guessed.'],
    'content-security-policy': ['The same strict policy as the pages.'],
    'referrer-policy': ['Referrer policy of the site.'],
    'x-frame-options': ['Never framed.'],
    'permissions-policy': ['No browser feature is granted.'],
    age: [`Whole seconds since the check that made this answer (RFC 9111): 0 when it ran for this request, at most ${HEALTH_TTL_MS / 1000} while a kept result is served.`, { type: 'string', pattern: '^[0-9]+$' }],
    deprecation: ['Only on a retiring major: when it was deprecated (RFC 9745, `@<unix seconds>`).', { type: 'string', pattern: '^@-?[0-9]+$' }],
    sunset: ['Only on a retiring major: when it stops answering (RFC 8594 HTTP-date).'],
    link: ['Only on a retiring major: where the migration is explained (`rel="deprecation"`).'],
  };
  const names = [...Object.keys(sample).filter((name) => !['cache-control', 'access-control-expose-headers'].includes(name)), 'etag', ...lifecycle];
  return Object.fromEntries(names.map((name) => {
    const entry = described[name];
    if (!entry) throw new BuildDefinitionError(`openapi.json: the header ${name} is sent but has no description in site/openapi/headers.ts`);
    const [description, schema] = entry;
    const fixed = FIXED.has(name) && sample[name] !== undefined ? { type: 'string', const: sample[name] } : undefined;
    return [name, { description, required: !lifecycle.includes(name), schema: schema ?? fixed ?? { type: 'string' } }];
  }));
}

