/** Every JSON body the service sends is serialised here, so static twins and function answers agree byte for byte. */
export function jsonBytes(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
