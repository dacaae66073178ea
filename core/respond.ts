/**
 * Every answer of the functions: JSON with the header module's full set, a strong ETag and RFC 9110
 * conditional requests; pages (the HTML and Markdown 404s) with the headers a static page gets;
 * preflights and 405s. Netlify applies `_headers` to static files only, never to a function's
 * answer, so each answer here carries its whole set itself, from the same modules that write
 * `dist/_headers`. Web-standard Request → Response, so it runs anywhere and tests in-process.
 */
import { apiHeaders, CACHE_IMMUTABLE, CACHE_NO_STORE, cdnCacheHeaders, JSON_CONTENT_TYPE, majorOfPath, preflightHeaders } from './headers.ts';
import { markdownTwinHeaders, negotiatedPageHeaders, securityHeaders } from './page-headers.ts';
import { errorBody, echo, serverErrorBody } from './errors.ts';
import { malformedPercentEncoding, malformedQueryPart } from './percent-encoding.ts';
import type { ErrorLinks } from './errors.ts';
import type { BuildStamp, HeaderSet, MajorLifecycle } from './headers.ts';
import { ifNoneMatchMatches, strongEtag } from './etag.ts';
import { mayGzip } from './content-coding.ts';
import { jsonBytes } from './json.ts';
import { InvariantError } from './invariant.ts';

export interface JsonResponseOptions {
  stamp: BuildStamp;
  status?: number;
  cacheControl?: string;
  /** Pre-computed validator for pre-serialised bodies; otherwise a hash of the bytes. */
  etag?: string;
  extraHeaders?: HeaderSet;
  /** Let Netlify's CDN keep the answer as long as its status class allows (`cdnCacheHeaders`). */
  cdnCache?: boolean;
  majors?: Readonly<Record<number, MajorLifecycle>>;
}

export type SerialisedJson = string | Uint8Array;

export interface ImageResponseOptions {
  stamp: BuildStamp;
  contentType: string;
  /** Known before the image is made, so a 304 or a HEAD never draws it. */
  etag: string;
}

/**
 * An image at an address that names its content (a card): the header module's full set, kept a
 * year by browsers (`immutable`) and, through `Netlify-CDN-Cache-Control` with `durable`
 * (`cdnCacheHeaders`), in the cache every edge shares until the next deploy, so each address is
 * drawn about once per deploy (docs.netlify.com/build/caching/caching-overview, its `durable`
 * directive; netlify.com/blog/announcing-durable-caching); with a validator that answers
 * `If-None-Match` without making the bytes.
 */
export async function imageResponse(request: Request, make: () => Promise<Uint8Array>, { stamp, contentType, etag }: ImageResponseOptions): Promise<Response> {
  const headers = new Headers({
    ...apiHeaders(stamp, { major: majorOfPath(new URL(request.url).pathname), cacheControl: CACHE_IMMUTABLE }),
    ...securityHeaders(),
    ...cdnCacheHeaders(200),
    'content-type': contentType,
    etag,
  });
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response((await make()) as BodyInit, { status: 200, headers });
}

/** Serialised bytes made only when they are sent: a 304 never pays for them. Needs `options.etag`. */
export class LazyJson {
  constructor(readonly make: () => SerialisedJson) {}
}

/**
 * `body` is a value to serialise, bytes already serialised (a string or Uint8Array), or LazyJson
 * with the validator given in `options.etag`.
 */
export function jsonResponse(request: Request, body: unknown, options: JsonResponseOptions): Response {
  const ready = body instanceof LazyJson ? undefined : typeof body === 'string' || body instanceof Uint8Array ? body : jsonBytes(body);
  if (ready === undefined && options.etag === undefined) throw new InvariantError('jsonResponse: a lazy body needs its etag');
  const etag = options.etag ?? strongEtag(ready!);
  const status = options.status ?? 200;
  const headers = new Headers({
    ...apiHeaders(options.stamp, {
      major: majorOfPath(new URL(request.url).pathname, options.majors),
      cacheControl: options.cacheControl,
      majors: options.majors,
    }),
    ...securityHeaders(),
    ...options.extraHeaders,
    ...(options.cdnCache ? cdnCacheHeaders(status) : {}),
    'content-type': JSON_CONTENT_TYPE,
    etag,
  });
  // Only a success can be "not modified"; an error must always reach the client.
  if (status >= 200 && status < 300 && ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const bytes = ready ?? (body as LazyJson).make();
  if (byteLength(bytes) <= COMPRESS_ABOVE) return new Response(responseBody(bytes), { status, headers });
  // Past the buffered limit the answer is one of two representations, chosen by Accept-Encoding.
  headers.set('vary', 'accept-encoding');
  if (!mayGzip(request.headers.get('accept-encoding'))) return new Response(responseBody(bytes), { status, headers });
  headers.set('content-encoding', 'gzip');
  // A strong tag names one encoding (RFC 9110 §8.8.3); the suffix is one etag.ts removes again.
  headers.set('etag', etag.replace(/"$/, '-gzip"'));
  // The DOM typings ask for BufferSource chunks where a stream of Uint8Array is what runs.
  const gzip = new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return new Response(streamOf(bytes).pipeThrough(gzip), { status, headers });
}


const byteLength = (bytes: SerialisedJson) => (typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength);

/**
 * Netlify hands back a function's answer whole up to 6 MB and streamed up to 20 MB. Bodies past
 * STREAM_ABOVE (the whole catalogue of thousands of skills) go as a stream of slices of the bytes
 * already made; smaller ones whole.
 */
export const STREAM_ABOVE = 4 * 2 ** 20;
const STREAM_SLICE = 2 ** 20;

/**
 * Bodies past this size (a filtered catalogue of tens of thousands of skills can be 25 MB) go gzip-
 * compressed to a client that takes gzip, so they stay well inside Netlify's 20 MB limit for a
 * streamed function answer: catalogue JSON shrinks about tenfold. The CDN passes an encoded answer
 * on as it is (opennextjs/opennextjs-netlify#2243: compressing in the function is the way past the
 * size limits). Smaller answers go as they are, and the CDN compresses them on the way out.
 */
export const COMPRESS_ABOVE = STREAM_ABOVE;

export function responseBody(bytes: SerialisedJson): BodyInit {
  // Node accepts any Uint8Array as a body; the DOM typings ask for an ArrayBuffer-backed one.
  return byteLength(bytes) <= STREAM_ABOVE ? (bytes as BodyInit) : streamOf(bytes);
}

/** The bytes as a stream of slices, never copied whole again. */
function streamOf(bytes: SerialisedJson): ReadableStream<Uint8Array> {
  const whole = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(whole.subarray(offset, offset + STREAM_SLICE));
      offset += STREAM_SLICE;
      if (offset >= whole.byteLength) controller.close();
    },
  });
}

/** 204 to a CORS preflight, with the build's headers like every other answer. */
export function preflightResponse(request: Request, stamp: BuildStamp): Response {
  const major = majorOfPath(new URL(request.url).pathname);
  return new Response(null, { status: 204, headers: { ...apiHeaders(stamp, { major }), ...securityHeaders(), ...preflightHeaders() } });
}

/** The methods every path answers: the read methods, and OPTIONS for a CORS preflight. */
export const ALLOWED_METHODS = preflightHeaders()['access-control-allow-methods'];
export const READ_METHODS: readonly string[] = ['GET', 'HEAD'];

/** 405 in the error shape, with `allow`: the API is read-only, on every path. */
export function methodNotAllowedResponse(request: Request, stamp: BuildStamp, links: ErrorLinks): Response {
  const message = `Method ${echo(request.method)} is not allowed; the API is read with GET or HEAD (OPTIONS for a CORS preflight).`;
  const body = errorBody('bad_request', message, [`${links.baseUrl}/openapi.json`], links);
  return jsonResponse(request, body, { stamp, status: 405, extraHeaders: { allow: ALLOWED_METHODS } });
}

/** Any method but the read methods: the preflight's 204, or the 405 for everything else. */
export function answerOtherMethod(request: Request, stamp: BuildStamp, links: ErrorLinks): Response {
  return request.method === 'OPTIONS' ? preflightResponse(request, stamp) : methodNotAllowedResponse(request, stamp, links);
}

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export type PageKind = 'html' | 'markdown';

/**
 * A page or Markdown twin answered by a function (the 404s), with the headers `dist/_headers`
 * gives a static page of that kind: the build's set, the security policy, `Vary: Accept` (the
 * Edge Function may answer either kind at one path) and its media type. No validator: like the
 * static pages, whose ETags the CDN makes.
 */
export function pageResponse(request: Request, stamp: BuildStamp, { status, kind, body }: { status: number; kind: PageKind; body: string }): Response {
  const headers = {
    ...apiHeaders(stamp, { major: majorOfPath(new URL(request.url).pathname) }),
    ...securityHeaders(),
    ...negotiatedPageHeaders(),
    ...(kind === 'markdown' ? markdownTwinHeaders() : { 'content-type': HTML_CONTENT_TYPE }),
  };
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

/** Where in the query the undecodable part is: the parameter it belongs to is named, as for any
 * other bad value. */
function queryPlace(part: { bad: string; parameter: string; inName: boolean } | undefined): { bad: string; where: string } | undefined {
  if (part === undefined) return undefined;
  return { bad: part.bad, where: `query parameter ${part.inName ? 'name ' : ''}${echo(part.parameter)}` };
}

/**
 * 400 for a target whose percent-encoding cannot be decoded (`/%ZZ`, `?cluster=%E0%A4%A`): what the
 * client meant is unknown, so nothing is looked up or guessed.
 */
export function malformedTargetResponse(request: Request, stamp: BuildStamp, links: ErrorLinks): Response | undefined {
  const { pathname, search } = new URL(request.url);
  const inPath = malformedPercentEncoding(pathname);
  const found = inPath !== undefined ? { bad: inPath, where: 'path' } : queryPlace(malformedQueryPart(search));
  if (found === undefined) return undefined;
  const message = `The request's ${found.where} has malformed percent-encoding at ${echo(found.bad)}; expected "%" followed by two hex digits, forming UTF-8.`;
  return jsonResponse(request, errorBody('bad_request', message, [`${links.baseUrl}/openapi.json`, `${links.baseUrl}/catalog.json`], links), { stamp, status: 400 });
}

/**
 * A function's handler that never lets the platform answer for it: a target that cannot be decoded
 * is a JSON 400 before the handler sees it, and anything the handler did not expect becomes a 500
 * `server_error` in JSON with every header (and `no-store`), the cause in the function's log,
 * never in the body.
 */
export function answeringErrors(
  constants: BuildStamp & { documentationUrl: string },
  handler: (request: Request) => Response | Promise<Response>,
): (request: Request, platformContext?: unknown) => Promise<Response> {
  const stamp: BuildStamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
  const links: ErrorLinks = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
  return async (request) => {
    try {
      return malformedTargetResponse(request, stamp, links) ?? (await handler(request));
    } catch (error) {
      console.error(`${request.method} ${new URL(request.url).pathname}: unexpected failure`, error);
      return jsonResponse(request, serverErrorBody(links, 'The request could not be answered; try again shortly.'), { stamp, status: 500, cacheControl: CACHE_NO_STORE });
    }
  };
}
