/** The part of Eleventy's programmatic API the benchmark's reference contestant uses (the package
 * ships no types). */
declare module '@11ty/eleventy' {
  interface EleventyConfig {
    addGlobalData(name: string, value: unknown): void;
    setTemplateFormats(formats: string[]): void;
  }
  export default class Eleventy {
    constructor(input: string, output: string, options: { quietMode?: boolean; config?: (config: EleventyConfig) => void });
    write(): Promise<unknown>;
  }
}
