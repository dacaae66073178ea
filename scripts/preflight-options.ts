/** The preflight's options, apart from the script so that they can be read without running it. */
export const PREFLIGHT_OPTIONS = { packages: { type: 'boolean' } } as const;
