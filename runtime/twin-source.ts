/**
 * The Markdown twins as the MCP function reads them: asked of the site itself, at the twin's path on
 * the origin the request came to, rather than carried in the function's bundle. Netlify's function
 * bundle is limited to 50 MB zipped, and at 50,000 skills the twins alone are 280 MB, 97 MB zipped
 * (docs/operators.md, "Limits at scale"). On Netlify every address that reaches a deploy's function
 * serves that deploy's files, so the twin read is the one published beside it; locally the servers
 * answer only their own hosts (dev/local-access.ts). The path comes from the catalogue, never from
 * the caller.
 */
import { MARKDOWN_CONTENT_TYPE } from '../core/headers.ts';

/** How long a twin may take to come back before the read counts as failed (the tool says "try again"). */
export const TWIN_READ_TIMEOUT_MS = 5_000;

const mediaType = (value: string | null) => (value ?? '').split(';')[0].trim().toLowerCase();

/** The twin at `twinUrl`'s path on `origin`, or undefined when it cannot be read as Markdown. */
export async function fetchTwin(origin: string, twinUrl: string, timeoutMs = TWIN_READ_TIMEOUT_MS): Promise<string | undefined> {
  try {
    const response = await fetch(new URL(new URL(twinUrl).pathname, origin), {
      headers: { accept: MARKDOWN_CONTENT_TYPE },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.ok && mediaType(response.headers.get('content-type')) === mediaType(MARKDOWN_CONTENT_TYPE)) return await response.text();
    await response.body?.cancel();
    return undefined;
  } catch {
    // Unreachable, refused or too slow: the tool answers that the twin could not be read.
    return undefined;
  }
}
