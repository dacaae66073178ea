/**
 * JSON answers of the functions: body, the header module's full set, a strong ETag and RFC 9110
 * conditional requests. Web-standard Request → Response, so it runs anywhere and tests in-process.
 */
import { apiHeaders, CACHE_NO_STORE, JSON_CONTENT_TYPE, majorOfPath, preflightHeaders } from './headers.ts';
import { serverErrorBody } from './errors.ts';
import type { ErrorLinks } from './errors.ts';
import type { BuildStamp, HeaderSet, MajorLifecycle } from './headers.ts';
import { ifNoneMatchMatches, strongEtag } from './etag.ts';
import { jsonBytes } from './json.ts';

export interface JsonResponseOptions {
  stamp: BuildStamp;
  status?: number;
  cacheControl?: string;
  /** Pre-computed validator for pre-serialised bodies; otherwise a hash of the bytes. */
  etag?: string;
  extraHeaders?: HeaderSet;
  majors?: Readonly<Record<number, MajorLifecycle>>;
}

export type SerialisedJson = string | Uint8Array;

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
  if (ready === undefined && options.etag === undefined) throw new Error('jsonResponse: a lazy body needs its etag');
  const etag = options.etag ?? strongEtag(ready!);
  const status = options.status ?? 200;
  const headers = new Headers({
    ...apiHeaders(options.stamp, {
      major: majorOfPath(new URL(request.url).pathname, options.majors),
      cacheControl: options.cacheControl,
      majors: options.majors,
    }),
    ...options.extraHeaders,
    'content-type': JSON_CONTENT_TYPE,
    etag,
  });
  // Only a success can be "not modified"; an error must always reach the client.
  if (status >= 200 && status < 300 && ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  return new Response(responseBody(ready ?? (body as LazyJson).make()), { status, headers });
}

/**
 * Netlify hands back a function's answer whole up to 6 MB and streamed up to 20 MB. Bodies past
 * STREAM_ABOVE (the whole catalogue of thousands of skills) go as a stream of slices of the bytes
 * already made; smaller ones whole.
 */
export const STREAM_ABOVE = 4 * 2 ** 20;
const STREAM_SLICE = 2 ** 20;

export function responseBody(bytes: SerialisedJson): BodyInit {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
  // Node accepts any Uint8Array as a body; the DOM typings ask for an ArrayBuffer-backed one.
  if (size <= STREAM_ABOVE) return bytes as BodyInit;
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
  return new Response(null, { status: 204, headers: { ...apiHeaders(stamp, { major }), ...preflightHeaders() } });
}

/**
 * A function's handler that never lets the platform answer for it: anything it did not expect
 * becomes a 500 `server_error` in JSON with every header (and `no-store`), and the cause goes to
 * the function's log, never into the body.
 */
export function answeringErrors(
  constants: BuildStamp & { documentationUrl: string },
  handler: (request: Request) => Response | Promise<Response>,
): (request: Request, platformContext?: unknown) => Promise<Response> {
  const stamp: BuildStamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
  const links: ErrorLinks = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      console.error(`${request.method} ${new URL(request.url).pathname}: unexpected failure`, error);
      return jsonResponse(request, serverErrorBody(links, 'The request could not be answered; try again shortly.'), { stamp, status: 500, cacheControl: CACHE_NO_STORE });
    }
  };
}
