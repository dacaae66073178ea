/**
 * Stands in for `https://edge.netlify.com/bootstrap/globals/types.ts`, which the config extractor
 * of @netlify/edge-bundler (`deno/config.ts`) imports for one type while it reads each Edge
 * Function's `config`. Without the network (`netlify build --offline`, CI) that import fails, the
 * extractor gives up and the function ships with no routes at all. Like the original (published as
 * @netlify/edge-functions-bootstrap, `bootstrap/globals/types.d.ts`) it holds types only, so
 * nothing changes at run time; `import_map.json` beside it points the URL here and netlify.toml
 * (`deno_import_map`) hands that map to the bundler.
 */
export interface NetlifyGlobal {
  context: unknown;
  env: {
    delete: (key: string) => void;
    get: (key: string) => string | undefined;
    has: (key: string) => boolean;
    set: (key: string, value: string) => void;
    toObject: () => Record<string, string>;
  };
}
