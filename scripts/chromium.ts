/**
 * Where Chromium is and how it is started: Debian's package (`/usr/bin/chromium`), or the binary
 * `CHROMIUM_PATH` names, with the same flags for every launcher (the browser tests through
 * playwright-core, the Lighthouse audit), and where the preflight that `npm test` runs first looks
 * for it. It imports nothing, so that the preflight runs before `npm ci` has installed anything.
 */

/** The system package that installs the default path (Debian and Ubuntu). */
export const CHROMIUM_PACKAGE = 'chromium';

/** The binary every launcher starts; an empty `CHROMIUM_PATH` counts as unset. */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env): string => env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Headless, without the sandbox (tests run as root in containers), and quiet: no background
 * requests, updates or sync, so nothing but the page under test reaches the network, and no QUIC,
 * so every request goes over the HTTP the local servers speak.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

/** What playwright-core's `chromium.launch` takes. */
export const chromiumLaunchOptions = (env: NodeJS.ProcessEnv = process.env) => ({ executablePath: chromiumPath(env), args: [...CHROMIUM_FLAGS] });
