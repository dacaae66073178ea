/** `npm run cms`'s command line, read without side effects: options, or what is wrong with them. */
import { isLoopback } from '../dev/local-access.ts';
import { parseServerArgs, SERVER_OPTIONS } from '../dev/options.ts';

export interface CmsArgs {
  port: number;
  host: string;
  allowedHosts: string[];
}

/** The editor's server takes the local servers' options and no others. */
export const CMS_OPTIONS = SERVER_OPTIONS;

export const CMS_USAGE = 'npm run cms [-- --port N] [--host LOOPBACK-ADDRESS] [--allowed-host NAME]...';

/**
 * The editor writes this work tree's content/ for whoever reaches it, with no account, so it is
 * never shared on a network: `--host` takes loopback addresses only. Another person edits through
 * the deployed editor (GitHub sign-in, a commit per save); `--allowed-host` is for a name of this
 * machine's own (a hosts-file entry, a tunnel or proxy on it).
 */
export function parseCmsArgs(argv: readonly string[]): { args: CmsArgs } | { error: string } {
  const parsed = parseServerArgs(argv, CMS_USAGE);
  if ('error' in parsed) return parsed;
  const { host } = parsed.args;
  if (!isLoopback(host)) {
    return {
      error: `--host ${host}: the editor listens on this machine only (127.0.0.1, localhost or ::1). `
        + 'On a network, anyone who reached it could write content/ with no account; others edit through the deployed site\'s /admin/.',
    };
  }
  return parsed;
}
