/**
 * The browser's side of the edit loop: a script the dev server adds to every HTML page it serves
 * (never to the built files: dist/ stays what `npm run build` writes), which listens to the
 * server's events and reloads the page after each build. While the content does not build, every
 * page is the error page, so one reload shows the problem and the next one, after the fix, the page.
 *
 * Server-Sent Events (`EventSource`): one-way, reconnecting by itself when the server restarts, and
 * allowed by the site's `connect-src 'self'`. The script is a file at a dev-only path, since the
 * site's `script-src 'self'` refuses inline scripts.
 */
import type { ServerResponse } from 'node:http';
import type { BuildFailure } from './builder.ts';

/** Paths the dev server answers itself; nothing the build writes starts with this prefix. */
export const DEV_PREFIX = '/__dev/';
export const DEV_PATHS = {
  events: `${DEV_PREFIX}events`,
  script: `${DEV_PREFIX}live-reload.js`,
  /** The last build's outcome, how many builds started and whether one is running, as JSON, for programs and tests. */
  status: `${DEV_PREFIX}status`,
} as const;

/** Sent as each build starts (`building`, which the page ignores), and after it: `reload` when it
 * succeeded, `failed` (with the failure) when it did not. */
export type LiveEvent =
  | { event: 'building'; data: { started: number } }
  | { event: 'reload'; data: { build: number; ms: number } }
  | { event: 'failed'; data: { build: number; failure: BuildFailure } };

export const LIVE_RELOAD_SCRIPT = `// Reloads this page after each rebuild of the dev server (npm run dev).
const events = new EventSource(${JSON.stringify(DEV_PATHS.events)});
events.addEventListener('reload', () => location.reload());
events.addEventListener('failed', () => location.reload());
`;

const SCRIPT_TAG = `<script src="${DEV_PATHS.script}" defer></script>`;

/** The page with the script added at the end of its head (or, without one, at its end). */
export function withLiveReload(html: string): string {
  const head = html.search(/<\/head\s*>/i);
  return head === -1 ? `${html}${SCRIPT_TAG}` : `${html.slice(0, head)}${SCRIPT_TAG}${html.slice(head)}`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const HEADINGS: Record<BuildFailure['kind'], string> = {
  content: 'The content does not build',
  refused: 'The build refused its own output',
  changed: 'A file changed during the build',
  crash: 'The build failed',
};

/** The page every HTML request gets while the last build failed: what `npm run build` would print. */
export function errorPage(failure: BuildFailure): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(HEADINGS[failure.kind])}</title>`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}',
    'pre{background:#fff4f4;border-left:4px solid #c00;padding:1rem;overflow-x:auto;white-space:pre-wrap}</style>',
    `</head><body><h1>${escapeHtml(HEADINGS[failure.kind])}</h1>`,
    `<pre>${escapeHtml(failure.message)}</pre>`,
    '<p>The last good build stays in place; this page reloads when the next build succeeds.</p>',
    `${SCRIPT_TAG}</body></html>`,
  ].join('\n');
}

/** Headers of the dev server's own answers: never stored, and the error page's inline style allowed. */
export const DEV_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'self'; style-src 'unsafe-inline'",
} as const;

/** The open event streams. */
export class LiveReload {
  readonly #clients = new Set<ServerResponse>();

  connect(response: ServerResponse): void {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    // How soon the browser reconnects after the server went away (a restart).
    response.write('retry: 500\n\n');
    this.#clients.add(response);
    response.on('close', () => this.#clients.delete(response));
  }

  send({ event, data }: LiveEvent): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of this.#clients) client.write(frame);
  }

  close(): void {
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }
}
