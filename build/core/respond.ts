/**
 * JSON answers of the functions: body, the header module's full set, a strong ETag and RFC 9110
 * conditional requests. Web-standard Request → Response, so it runs anywhere and tests in-process.
 */
import { apiHeaders, JSON_CONTENT_TYPE, majorOfPath } from './headers.ts';
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

/** `body` is a value to serialise, or bytes already serialised by the build. */
export function jsonResponse(request: Request, body: unknown, options: JsonResponseOptions): Response {
  const bytes = typeof body === 'string' ? body : jsonBytes(body);
  const etag = options.etag ?? strongEtag(bytes);
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
  return new Response(request.method === 'HEAD' ? null : bytes, { status, headers });
}
