import { parse as parseToml } from 'smol-toml';

/** The flags a `node …` command gives Node before its script (`node --a=1 x.mjs y` → `--a=1`):
 * how the bench starts a build as package.json's `build` script does, without a second copy of them. */
export function nodeFlagsOf(command: string): string[] {
  const [node, ...words] = command.trim().split(/\s+/);
  if (node !== 'node') return [];
  const script = words.findIndex((word) => !word.startsWith('-'));
  return script < 0 ? words : words.slice(0, script);
}

/**
 * The variables netlify.toml's `[build.environment]` sets for the build on Netlify (its text given):
 * the bench's builds run with them too, as the build command runs there.
 */
export function buildEnvironmentOf(netlifyToml: string): Record<string, string> {
  const { build } = parseToml(netlifyToml) as { build?: { environment?: Record<string, unknown> } };
  return Object.fromEntries(Object.entries(build?.environment ?? {}).map(([name, value]) => [name, String(value)]));
}
