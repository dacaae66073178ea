/** The install and cart links of site.yaml: `{base}` is the site's origin, `{slug}` the skill's or bundle's slug. */
export function fillUrlTemplate(template: string, base: string, slug: string): string {
  return template.replaceAll('{base}', base).replaceAll('{slug}', encodeURIComponent(slug));
}
